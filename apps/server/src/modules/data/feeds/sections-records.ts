import type { Person } from './import-fields.ts';
import type { KeyedState } from './import-kind.ts';
import { nameKey } from '../apply/professors-import-repository.ts';
import type { Db } from '../../../db/client.ts';
import {
  createTerms,
  type LinkWrite,
  type SectionWrite,
} from '../apply/sections-import-repository.ts';

/** A term a row names: one of the store's, or one the import creates (id set once created). */
export interface TermRef {
  key: string;
  divisionId: number;
  id: number | null;
  name: string;
  startDate: string;
  endDate: string;
}

export interface SectionRecord {
  key: string;
  divisionId: number;
  term: TermRef;
  departmentCode: string;
  departmentName: string | null;
  /** Null: not given (the department keeps its contact); the address in lower case. */
  departmentContactName: string | null;
  departmentContactEmail: string | null;
  courseCode: string;
  courseName: string;
  courseDescription: string | null;
  sectionCode: string;
  /** Null: the file does not give it (a stored section keeps its date; a new one gets the term's). */
  sectionStart: string | null;
  sectionEnd: string | null;
  capacity: number | null;
  estimatedEnrollment: number | null;
  professors: Person[];
}

/** A section of the file: its first row, the record its rows merge into, and what it came to. */
export interface SectionState extends KeyedState<SectionRecord> {
  professors: Map<string, Person>;
}

/** What a section list adds or finds, in the summary's order. */
export const SECTION_ENTITIES = [
  'terms',
  'departments',
  'courses',
  'sections',
  'professors',
  'section professors',
] as const;

export const personKey = (p: Person) => nameKey(p.lastName, p.firstName);

/** A department of the file by its natural key (its division and code). */
export const departmentKey = (r: SectionRecord) => `d${r.divisionId}\t${r.departmentCode}`;

/** The chunk's sections as rows to compare and write (first row of each section). */
export function sectionWrites(records: readonly SectionState[]): SectionWrite[] {
  return records.map(({ record: r }, i) => ({
        i,
        division_id: r.divisionId,
        term_id: r.term.id,
        dept: r.departmentCode,
        course: r.courseCode,
        code: r.sectionCode,
        start_date: r.sectionStart,
        end_date: r.sectionEnd,
        term_start: r.term.startDate,
        term_end: r.term.endDate,
        capacity: r.capacity,
        estimated: r.estimatedEnrollment,
      }));
}

/** Each section's professors as links to compare and write (`i` is set by the caller). */
export function sectionLinks(records: readonly SectionState[]): { link: LinkWrite; section: number }[] {
  return records.flatMap(({ record: r, professors: people }, section) =>
        [...people.values()].map((p) => ({
          section,
          link: {
            i: 0,
            division_id: r.divisionId,
            term_id: r.term.id,
            dept: r.departmentCode,
            course: r.courseCode,
            code: r.sectionCode,
            last: p.lastName,
            first: p.firstName,
          },
        })),
      );
}

/** Creates the terms the file names with their dates, and gives each its new id. */
export async function createFileTerms(
  db: Db,
  locationId: number,
  terms: readonly TermRef[],
): Promise<void> {
  if (terms.length === 0) return;
  const created = await createTerms(
    db,
    locationId,
    terms.map((t) => ({
      division_id: t.divisionId,
      name: t.name,
      start_date: t.startDate,
      end_date: t.endDate,
    })),
  );
  for (const term of terms) {
    term.id =
      created.find((c) => c.divisionId === term.divisionId && c.name === term.name)?.id ?? null;
    if (term.id === null) throw new Error(`term ${term.name} was not created`);
  }
}
