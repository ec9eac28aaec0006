import { IA_MESSAGES, IA_STUDENT_PAGE_MESSAGES } from '@csp/contracts';

/** Why a participant's choice may not change now, if it may not. */
export type ChoiceRefusal = 'notEnrolled' | 'noDeadline' | 'deadlinePassed';

/**
 * The rule for changing a participant's choice (issue 32): only an enrolled participant, and
 * only while the store's today is on or before the term's opt-out deadline (inclusive; no
 * deadline set: not yet). The one copy: the change itself (choice-repository.ts) and every
 * answer's `mayChange` ask it.
 */
export function choiceRefusal(
  row: { enrolled: boolean; deadline: string | null },
  today: string,
): ChoiceRefusal | null {
  if (!row.enrolled) return 'notEnrolled';
  if (row.deadline === null) return 'noDeadline';
  // Both are YYYY-MM-DD: text order is date order.
  if (today > row.deadline) return 'deadlinePassed';
  return null;
}

/** The words of a refusal, as the answers and the 409 say them. */
export const CHOICE_REFUSAL_MESSAGES: Record<ChoiceRefusal, string> = {
  notEnrolled: IA_STUDENT_PAGE_MESSAGES.notEnrolled,
  noDeadline: IA_MESSAGES.noDeadline,
  deadlinePassed: IA_MESSAGES.deadlinePassed,
};
