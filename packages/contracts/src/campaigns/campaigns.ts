import { ONE_TIME_CODE_PATTERN } from '../common/one-time-code.ts';
import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE, PUBLIC_BASE } from '../common/paths.ts';
import { termDeadlineParams } from './adoption-deadlines.ts';

/**
 * Adoption campaigns (issue 30, point 2; ADR 0044): for a term with a deadline, the store
 * schedules e-mail steps a number of days from the deadline. A REMINDER step mails every
 * instructor and submitter with a section of the term still without an adoption, listing
 * exactly those sections; a DIGEST step mails each department's contact the department's
 * missing sections and who they are assigned to. Each person gets one e-mail per step.
 *
 * Who: holders of MANAGE_ADOPTION_CAMPAIGNS over the term's whole division, as for deadlines.
 */
export const CAMPAIGN_STEP_KINDS = ['REMINDER', 'DIGEST'] as const;
export type CampaignStepKind = (typeof CAMPAIGN_STEP_KINDS)[number];

export const CAMPAIGN_STEP_LABELS: Record<CampaignStepKind, string> = {
  REMINDER: 'Reminder to instructors and submitters',
  DIGEST: 'Digest to department contacts',
};

/** The defaults: 6 and 2 weeks before, on the day, 1 week after; the digest the day after. */
export const DEFAULT_CAMPAIGN_STEPS: readonly CampaignStepInput[] = [
  { kind: 'REMINDER', daysFromDeadline: -42 },
  { kind: 'REMINDER', daysFromDeadline: -14 },
  { kind: 'REMINDER', daysFromDeadline: 0 },
  { kind: 'DIGEST', daysFromDeadline: 1 },
  { kind: 'REMINDER', daysFromDeadline: 7 },
];

/**
 * A step whose day passed more than this many days ago is not sent late: a server down for a
 * weekend still sends it, a campaign scheduled after a step's day skips it.
 */
export const CAMPAIGN_STEP_GRACE_DAYS = 3;

/** What became of one person's e-mail of a step. */
export const CAMPAIGN_MESSAGE_OUTCOMES = [
  'SENT',
  'NOTHING_LEFT',
  'LEFT_OUT',
  'REFUSED',
  'GAVE_UP',
] as const;
export type CampaignMessageOutcome = (typeof CAMPAIGN_MESSAGE_OUTCOMES)[number];

const campaignStepInput = z.object({
  kind: z.enum(CAMPAIGN_STEP_KINDS, { error: 'must be REMINDER or DIGEST' }),
  daysFromDeadline: z
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(-180, 'must be at most 180 days before the deadline')
    .max(180, 'must be at most 180 days after the deadline'),
});
export type CampaignStepInput = z.infer<typeof campaignStepInput>;

/** A step's state: SCHEDULED (its day has not come), SENDING, SENT, or SKIPPED (day long past). */
export const CAMPAIGN_STEP_STATES = ['SCHEDULED', 'SENDING', 'SENT', 'SKIPPED'] as const;

export const campaignStep = z.object({
  kind: z.enum(CAMPAIGN_STEP_KINDS),
  daysFromDeadline: z.number().int(),
  /** The day it goes out (YYYY-MM-DD): the deadline plus `daysFromDeadline`. */
  day: z.string(),
  state: z.enum(CAMPAIGN_STEP_STATES),
  /** Its e-mails: worked out on its day; `toSend` are still waiting (or being retried). */
  recipients: z.number().int(),
  sent: z.number().int(),
  toSend: z.number().int(),
  /** Not sent: nothing was left to ask for, the person was left out, or the mail server refused. */
  notSent: z.number().int(),
});
export type CampaignStep = z.infer<typeof campaignStep>;

export const campaignExclusion = z.object({
  email: z.string(),
  /** STORE: left out by the store; UNSUBSCRIBED: through an e-mail's link. */
  reason: z.enum(['STORE', 'UNSUBSCRIBED']),
  at: z.string(),
});

export const termCampaign = z.object({
  termId: z.number().int(),
  termName: z.string(),
  divisionName: z.string(),
  deadline: z.string().nullable(),
  /**
   * False: no step scheduled (people may already be left out); `steps` are then the defaults,
   * to schedule as they are.
   */
  scheduled: z.boolean(),
  steps: z.array(campaignStep),
  exclusions: z.array(campaignExclusion),
  emailsSent: z.number().int(),
});
export type TermCampaign = z.infer<typeof termCampaign>;

const CAMPAIGN_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: ['MANAGE_ADOPTION_CAMPAIGNS'],
  scope: 'division',
};

export const getTermCampaign = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/adoptionCampaigns/:termId`,
  summary: "A term's campaign: its steps with what each sent, and the people left out",
  auth: true,
  access: CAMPAIGN_ACCESS,
  params: termDeadlineParams,
  response: termCampaign,
});

export const scheduleTermCampaign = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/:userAccountId/adoptionCampaigns/:termId`,
  summary:
    "Schedules a term's campaign steps (replacing the steps not yet sent; an empty list stops it). The term needs a deadline. Steps due today go out at once.",
  auth: true,
  access: CAMPAIGN_ACCESS,
  params: termDeadlineParams,
  body: z.object({
    steps: z
      .array(campaignStepInput)
      .max(12, 'can hold at most 12 steps')
      .refine(
        (steps) =>
          new Set(steps.map((s) => `${s.kind}:${s.daysFromDeadline}`)).size === steps.length,
        'has the same step twice',
      ),
  }),
  response: termCampaign,
});

const personEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'must be an e-mail address' }).max(254, 'must be an e-mail address'));

export const setCampaignExclusion = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/:userAccountId/adoptionCampaigns/:termId/exclusions`,
  summary:
    'Leaves a person (by address) out of the campaign, or takes them back in (not someone who unsubscribed: 409)',
  auth: true,
  access: CAMPAIGN_ACCESS,
  params: termDeadlineParams,
  body: z.object({ email: personEmail, excluded: z.boolean() }),
  response: termCampaign,
});

/** One person the next reminder would mail, with how many of their sections it would list. */
export const campaignRecipient = z.object({
  email: z.string(),
  name: z.string(),
  sections: z.number().int(),
  excluded: z.boolean(),
});

export const getCampaignRecipients = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/adoptionCampaigns/:termId/recipients`,
  summary:
    'Who a reminder would mail now (instructors and submitters of sections without an adoption), by name, at most 200, narrowed by a search over name and address',
  auth: true,
  access: CAMPAIGN_ACCESS,
  params: termDeadlineParams,
  query: z.object({
    search: withoutNul(z.string().trim().max(100, 'must be at most 100 characters')).default(''),
  }),
  response: z.object({ people: z.array(campaignRecipient), total: z.number().int() }),
});

/** One campaign e-mail that named a section: its activity history. */
export const sectionCampaignEmail = z.object({
  kind: z.enum(CAMPAIGN_STEP_KINDS),
  daysFromDeadline: z.number().int(),
  email: z.string(),
  recipientName: z.string(),
  /** When it was sent; null while it waits or when it was not sent (`outcome`). */
  sentAt: z.string().nullable(),
  outcome: z.enum(CAMPAIGN_MESSAGE_OUTCOMES).nullable(),
});

export const getSectionCampaignEmails = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/sectionCampaignEmails`,
  summary: 'The campaign e-mails that named a section, newest first',
  auth: true,
  access: {
    kind: 'action',
    anyOf: ['VIEW_SECTION', 'MANAGE_ADOPTION_CAMPAIGNS'],
    scope: 'catalog',
  },
  params: z.object({ userAccountId: dbIdParam }),
  query: z.object({ sectionId: dbIdParam }),
  response: z.array(sectionCampaignEmail),
});

export const campaignUnsubscribeAnswer = z.object({
  storeName: z.string(),
  termName: z.string(),
  email: z.string(),
  unsubscribed: z.boolean(),
});

const unsubscribeToken = z.string().regex(ONE_TIME_CODE_PATTERN, 'is not a link we sent');

export const getCampaignUnsubscribe = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/campaignUnsubscribe`,
  summary: "What an e-mail's unsubscribe link would stop, and whether it already has",
  auth: false,
  access: { kind: 'public', credentials: true },
  query: z.object({ token: unsubscribeToken }),
  response: campaignUnsubscribeAnswer,
});

export const campaignUnsubscribe = endpoint({
  method: 'POST',
  path: `${PUBLIC_BASE}/campaignUnsubscribe`,
  summary: "Leaves the link's person out of the rest of its campaign (again: no change)",
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({ token: unsubscribeToken }),
  response: campaignUnsubscribeAnswer,
});

export const CAMPAIGN_MESSAGES = {
  termNotFound: 'No term of a division you run adoption campaigns for has this id.',
  needsDeadline: "Set the term's adoption deadline before scheduling its campaign.",
  unsubscribedStaysOut:
    "This person unsubscribed through their e-mail's link: only that link can take them back in.",
  linkNotFound: 'This unsubscribe link is not one we sent, or its campaign has ended.',
  sectionNotFound: 'No section you can see has this id.',
} as const;
