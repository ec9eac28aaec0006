import type { StudentSearchResult } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import {
  searchStudentRows,
  type StudentMatch,
  type VisibleStudents,
} from './student-search-repository.ts';

/**
 * How a cleaned search string (the contract trimmed it and dropped hyphens when it has digits)
 * is matched. Digits alone (spaces between groups ignored), or one token with a digit in it,
 * is a student ID; anything else is name words, commas only separating them so "Last, First"
 * and "First Last" find the same student. Undefined when nothing is left to match.
 */
export function studentMatchOf(cleaned: string): StudentMatch | undefined {
  const compact = cleaned.replace(/\s+/g, '');
  if (/^\d+$/.test(compact)) return { kind: 'id', id: compact };
  if (!/\s|,/.test(cleaned) && /\d/.test(cleaned)) return { kind: 'id', id: cleaned };
  const words = cleaned
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  return words.length === 0 ? undefined : { kind: 'words', words };
}

export interface StudentSearchPage {
  students: StudentSearchResult[];
  recordCount: number;
}

/** student/search: one page of the store's students matching the string, best first. */
export async function studentSearchPage(
  db: Db,
  locationId: number,
  query: { studentSearch: string; page: number; pageSize: number },
  /** Which students the caller may look up: a condition on a student id column. */
  visible: VisibleStudents,
): Promise<StudentSearchPage> {
  const match = studentMatchOf(query.studentSearch);
  if (!match) return { students: [], recordCount: 0 };
  const { rows, total } = await searchStudentRows(db, locationId, match, visible, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    students: rows.map((r) => ({
      customerId: r.id,
      studentIdNum: r.studentIdNum,
      firstName: r.firstName,
      lastName: r.lastName,
      name: `${r.lastName}, ${r.firstName}`,
      email: r.email,
      outstandingRentals: r.outstandingRentals,
    })),
    recordCount: total,
  };
}
