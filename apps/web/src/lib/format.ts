import { formatDisplayDate } from './dates.ts';

/** Numbers as a US clerk reads them: 6,573. */
export const count = (n: number) => n.toLocaleString('en-US');

/** "1 row", "6,573 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${n === 1 ? one : many}`;

/** "08/25/2026 3:05 PM": when something happened, in the user's time zone. */
export function formatDateTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${formatDisplayDate(date)} ${time}`;
}
