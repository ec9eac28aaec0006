import type { CampaignStep } from '@csp/contracts';

/** The words of the campaign and unsubscribe pages, in one place so the tests read the same. */
export const CAMPAIGN_TEXT = {
  pageTitle: 'Adoption campaign',
  loading: 'the campaign',
  intro:
    'Each step e-mails on its day: a reminder goes to every instructor and submitter with a section still without an adoption, listing those sections; a digest goes to each department’s contact. A step due today goes out as soon as it is saved.',
  back: 'Adoption deadlines',
  stepsTitle: 'E-mail steps',
  sentTitle: 'Sent',
  toSendTitle: 'To send',
  kindLabel: 'Step',
  daysLabel: 'Days from the deadline',
  addStep: 'Add a step',
  schedule: 'Schedule campaign',
  save: 'Save schedule',
  saved: 'Schedule saved.',
  stop: 'Stop campaign',
  stopped: 'Campaign stopped: nothing more will be e-mailed.',
  stopTitle: 'Stop this campaign?',
  stopMessage:
    'The steps not yet sent are removed and nothing more is e-mailed. Steps already sent stay listed.',
  noSteps: 'No steps: nothing will be e-mailed. Add a step to schedule the campaign.',
  peopleTitle: 'People',
  previewTitle: 'Who the next reminder would e-mail',
  peopleIntro:
    'The instructors and submitters of sections still without an adoption, as of now. Leave out anyone who should not be asked.',
  searchLabel: 'Search people',
  leaveOut: 'Leave out',
  include: 'Include',
  includeAgain: 'Include again',
  noRecipients: 'No one would get a reminder now: every section of the term has an adoption.',
  leftOutTitle: 'Left out',
  noneLeftOut: 'No one is left out.',
  reasons: { STORE: 'Left out by the store', UNSUBSCRIBED: 'Unsubscribed' },
  unsubscribeTitle: 'Unsubscribe',
  unsubscribe: 'Unsubscribe',
  checkingLink: 'Checking your link…',
} as const;

/** "14 days before the deadline", "on the day of the deadline", "1 day after the deadline". */
export function whenText(days: number): string {
  if (days === 0) return 'on the day of the deadline';
  const n = Math.abs(days);
  return `${n} ${n === 1 ? 'day' : 'days'} ${days < 0 ? 'before' : 'after'} the deadline`;
}

/** A sent or sending step's figures: "Sent 12 of 14 · 2 not sent · 0 waiting". */
export function stepFigures(step: CampaignStep): string {
  return `Sent ${step.sent} of ${step.recipients} · ${step.notSent} not sent · ${step.toSend} waiting`;
}
