import type { SectionSortField } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { RESEARCH_MESSAGES as M } from '../research-messages.ts';

/** A row's place in one order of the section list: its sort value and its id (ADR 0016). */
export interface SectionCursor {
  value: string | number;
  id: number;
}

/** What kind of value each sort field's cursor carries. */
export const SORT_VALUE_KIND: Record<SectionSortField, 'day' | 'text' | 'int'> = {
  startDate: 'day',
  endDate: 'day',
  courseCode: 'text',
  courseName: 'text',
  sectionCode: 'text',
  termName: 'text',
  professors: 'text',
  enrollmentCount: 'int',
  listingCount: 'int',
  adoptionStatus: 'int',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day in the years the contracts' `calendarDay` accepts: Date.parse takes
 * 2024-02-31 and 0000-01-01, which PostgreSQL's ::date then refuses (a 400 without a field).
 */
function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2200;
}
const MAX_INT = 2_147_483_647;

/**
 * base64url of the JSON array [sortField, value, id]. The field rides along so a cursor of
 * another order is refused rather than read as a place in this one.
 */
export function encodeCursor(field: SectionSortField, cursor: SectionCursor): string {
  return Buffer.from(JSON.stringify([field, cursor.value, cursor.id]), 'utf8').toString(
    'base64url',
  );
}

function validValue(field: SectionSortField, value: unknown): value is string | number {
  switch (SORT_VALUE_KIND[field]) {
    case 'day':
      return typeof value === 'string' && isCalendarDay(value);
    case 'int':
      return Number.isInteger(value) && Math.abs(value as number) <= MAX_INT;
    case 'text':
      return typeof value === 'string' && !value.includes('\u0000');
  }
}

/** The cursor sent as `field` (after or before) for the list sorted by `sortField`; 400 otherwise. */
export function decodeCursor(
  text: string,
  sortField: SectionSortField,
  field: 'after' | 'before',
): SectionCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw AppError.badRequest(M.badCursor, field);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw AppError.badRequest(M.badCursor, field);
  const [sortedBy, value, id] = parsed as [unknown, unknown, unknown];
  if (sortedBy !== sortField) throw AppError.badRequest(M.cursorOfAnotherSort, field);
  if (!validValue(sortField, value) || !Number.isInteger(id) || (id as number) < 1)
    throw AppError.badRequest(M.badCursor, field);
  if ((id as number) > MAX_INT) throw AppError.badRequest(M.badCursor, field);
  return { value, id: id as number };
}
