import type { StudentAllowance } from '@csp/contracts';

export type AllowanceState = 'usable' | 'upcoming' | 'ended' | 'spent';

export const ALLOWANCE_STATE_LABELS: Record<AllowanceState, string> = {
  usable: 'Usable today',
  upcoming: 'Not open yet',
  ended: 'Ended',
  spent: 'Nothing left',
};

/** Today as the server counts charge windows: the calendar day in UTC (ADR 0019). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Where an allowance stands today. The server's `usableToday` is the word on whether it pays;
 * the dates only say why it does not (its window has not opened, has closed, or nothing is left).
 */
export function allowanceState(
  allowance: Pick<StudentAllowance, 'usableToday' | 'chargeStartsOn' | 'chargeEndsOn'>,
  today: string = todayUtc(),
): AllowanceState {
  if (allowance.usableToday) return 'usable';
  if (today < allowance.chargeStartsOn) return 'upcoming';
  if (today > allowance.chargeEndsOn) return 'ended';
  return 'spent';
}
