import { scheduleTermCampaign, type CampaignStep, type CampaignStepInput } from '@csp/contracts';
import type { ApiRequestError } from '../../../lib/api-client.ts';
import { addDays, formatDisplayDate, parseApiDate, toApiDate } from '../../../lib/dates.ts';

/** The form checks what the server checks: the contract's own body schema. */
export const stepsSchema = (() => {
  const { body } = scheduleTermCampaign;
  if (!body) throw new Error('scheduleTermCampaign has a body');
  return body;
})();
export interface StepsValues {
  steps: CampaignStepInput[];
}

/** Steps that have mailed (or are mailing) are the server's record: shown, never edited. */
export const isLocked = (step: CampaignStep) => step.state === 'SENT' || step.state === 'SENDING';

export const stepInput = ({ kind, daysFromDeadline }: CampaignStepInput): CampaignStepInput => ({
  kind,
  daysFromDeadline,
});

/** The day a step goes out (YYYY-MM-DD), or null while the typed days are not a number. */
export function stepDay(deadline: string, days: number): string | null {
  const date = parseApiDate(deadline);
  if (!date || !Number.isInteger(days)) return null;
  return toApiDate(addDays(date, days));
}

export const stepDayText = (deadline: string, days: number) => {
  const day = stepDay(deadline, days);
  return day ? formatDisplayDate(day) : null;
};

/** A new step a week after the last one, or a week before the deadline when there is none. */
export function nextStep(steps: readonly CampaignStepInput[]): CampaignStepInput {
  const last = steps.at(-1)?.daysFromDeadline;
  return { kind: 'REMINDER', daysFromDeadline: last === undefined ? -7 : Math.min(last + 7, 180) };
}

/** Where a server refusal belongs on the form: a step's field, the list, or the page. */
export type ServerError =
  | { at: `steps.${number}.${'kind' | 'daysFromDeadline'}`; message: string }
  | { at: 'steps'; message: string }
  | { at: 'page'; message: string };

/**
 * The server names the failing value by its path in the body it was sent: the sent steps
 * first, then the form's, so `steps.5.daysFromDeadline` is the form's row 5 - locked. Its
 * message repeats the path ("steps.5.daysFromDeadline: must be…"), which the field already
 * says, so only the words after it are kept, as a sentence.
 */
export function placeServerError(error: ApiRequestError, locked: number): ServerError {
  const words = error.message.replace(/^[\w.]+: /, '');
  const message = words.charAt(0).toUpperCase() + words.slice(1);
  const field = error.field ?? '';
  const row = /^steps\.(\d+)\.(kind|daysFromDeadline)$/.exec(field);
  if (row && Number(row[1]) >= locked) {
    return { at: `steps.${Number(row[1]) - locked}.${row[2] as 'kind'}`, message };
  }
  if (field === 'steps') return { at: 'steps', message };
  return { at: 'page', message: error.message };
}
