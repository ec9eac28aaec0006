import { isoDay } from '../../../lib/iso-day.ts';

/**
 * Rental due-date reminders (issue 10, part 3): which reminder a rental is due for, by whole days
 * from today (the server's UTC date) to its due date. The windows are wider than their day so
 * a run missed for a while (a server down overnight) still sends the reminder, once; only the
 * window a rental is in now counts, so a missed earlier reminder is never sent late.
 */
export const REMINDER_WINDOWS = [
  { kind: 'DUE_IN_10', fromDays: 4, toDays: 10 },
  { kind: 'DUE_IN_3', fromDays: 2, toDays: 3 },
  { kind: 'DUE_IN_1', fromDays: 0, toDays: 1 },
  { kind: 'OVERDUE_1', fromDays: -3, toDays: -1 },
] as const;

export type ReminderKind = (typeof REMINDER_WINDOWS)[number]['kind'];

/** The widest span of days-until-due any window covers. */
export const REMINDER_SPAN = {
  fromDays: Math.min(...REMINDER_WINDOWS.map((w) => w.fromDays)),
  toDays: Math.max(...REMINDER_WINDOWS.map((w) => w.toDays)),
};

const DAY_MS = 86_400_000;

/** Whole days from the UTC day of `now` to `dueDate` ('YYYY-MM-DD'); negative when past. */
export function daysUntil(now: Date, dueDate: string): number {
  return Math.round(
    (Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${isoDay(now)}T00:00:00Z`)) / DAY_MS,
  );
}

/** The reminder a rental due in `days` days is in the window of, if any. */
export function reminderKindFor(days: number): ReminderKind | null {
  return REMINDER_WINDOWS.find((w) => days >= w.fromDays && days <= w.toDays)?.kind ?? null;
}
