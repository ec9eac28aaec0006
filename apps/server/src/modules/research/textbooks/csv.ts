import { stringify, type Stringifier } from 'csv-stringify';
import {
  COST_DESIGNATION_LABELS,
  TEXTBOOK_CSV_COLUMNS,
  TEXTBOOK_NO_TEXT,
  TEXTBOOK_TBD,
  type TextbookCourse,
  type TextbookMaterial,
  type TextbookTerm,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { findDepartmentFigures, findDepartmentSections } from './repository.ts';
import { groupCourses } from './service.ts';

/** The Status of a line naming a material. */
export const TEXTBOOK_CSV_ADOPTED = 'Adopted';

type CsvLine = string[];

/** Cents as dollars with two decimals ('129.95'); empty without a price. */
export const dollars = (cents: number | undefined) =>
  cents === undefined ? '' : (cents / 100).toFixed(2);

/**
 * How the public CSVs are written: a UTF-8 byte order mark (so Excel reads accents as UTF-8),
 * CRLF line ends, and cells starting with = + - @ prefixed with a quote so a spreadsheet never
 * runs a title as a formula (CSV injection). The schedule feed writes its CSV with them too.
 */
export const PUBLIC_CSV_OPTIONS = {
  bom: true,
  header: true,
  escape_formulas: true,
  record_delimiter: 'windows',
} as const;

/** A CSV writer in TEXTBOOK_CSV_COLUMNS order, with PUBLIC_CSV_OPTIONS. */
export function textbookCsvWriter(): Stringifier {
  return stringify({ ...PUBLIC_CSV_OPTIONS, columns: [...TEXTBOOK_CSV_COLUMNS] });
}

function materialCells(m: TextbookMaterial): string[] {
  return [
    TEXTBOOK_CSV_ADOPTED,
    m.required ? 'Required' : 'Recommended',
    m.isbn ?? '',
    m.title,
    m.author,
    m.publisher,
    m.edition,
    m.copyrightYear === null ? '' : String(m.copyrightYear),
    dollars(m.prices?.newCents),
    dollars(m.prices?.usedCents),
    dollars(m.prices?.rentNewCents),
    dollars(m.prices?.rentUsedCents),
    dollars(m.prices?.digitalCents),
  ];
}

/** The lines of one department's courses: one per material, or one per section without one. */
export function csvLines(
  term: TextbookTerm,
  departmentCode: string,
  courses: readonly TextbookCourse[],
): CsvLine[] {
  const lines: CsvLine[] = [];
  for (const course of courses) {
    for (const section of course.sections) {
      const money = (cents: number | null) => dollars(cents ?? undefined);
      const cost = [
        COST_DESIGNATION_LABELS[section.designation],
        money(section.requiredCostLowCents),
        money(section.requiredCostHighCents),
      ];
      const lead = [
        term.termName,
        departmentCode,
        course.courseCode,
        course.courseName,
        section.sectionCode,
        section.professors.join('; '),
      ];
      if (section.materials.length === 0) {
        const status = section.status === 'NO_TEXT_REQUIRED' ? TEXTBOOK_NO_TEXT : TEXTBOOK_TBD;
        lines.push([...lead, status, ...Array<string>(12).fill(''), ...cost]);
      }
      for (const m of section.materials) lines.push([...lead, ...materialCells(m), ...cost]);
    }
  }
  return lines;
}

/** Thrown when the reader of the CSV went away: the rest is not worth reading. */
export class CsvAbandoned extends Error {
  constructor() {
    super('the reader of the textbook CSV went away');
    this.name = 'CsvAbandoned';
  }
}

/** Waits until `out` can take more, so a slow reader holds at most a buffer in memory. */
async function readerKeepsUp(out: Stringifier): Promise<void> {
  if (out.destroyed) throw new CsvAbandoned();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new CsvAbandoned());
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * Writes the term's whole list to `out` and ends it, reading one department at a time (the
 * large seed's terms have thousands of sections): memory holds one department's lines and
 * the stream's buffer, whatever the term's size. Resolves to the number of lines written.
 */
export async function writeTextbookCsv(
  db: Db,
  locationId: number,
  term: TextbookTerm,
  out: Stringifier,
): Promise<number> {
  let count = 0;
  const departments = await findDepartmentFigures(db, locationId, term.termId);
  for (const department of departments) {
    await readerKeepsUp(out);
    const rows = await findDepartmentSections(db, locationId, term.termId, department.departmentId);
    for (const line of csvLines(term, department.departmentCode, groupCourses(rows))) {
      out.write(line);
      count += 1;
    }
  }
  out.end();
  return count;
}

/**
 * A file name naming the store, the term and what the file is (`what`: the textbook list's
 * unless said), in characters every browser keeps.
 */
export function textbookCsvFileName(
  storeName: string,
  term: TextbookTerm,
  what = 'textbooks',
): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  const parts = [slug(storeName), slug(term.termName), what].filter((p) => p.length > 0);
  return `${parts.join('-')}.csv`;
}
