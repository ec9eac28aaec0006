import { ADOPTION_TYPE } from '@csp/contracts';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MESSAGING_STATUSES, PENDING_START, type CourseDTO } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { CourseListQuery } from './list-query.ts';
import { exportDetails, type ExportDetail } from './export-repository.ts';
import { formatEan13 } from '../wizard/titles.ts';
import { loadExcelJs } from '../../../lib/heavy-modules.ts';

/** Courses whose lines are read in one statement: bounds memory whatever the catalog's size. */
const COURSE_BATCH = 250;

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'Y' : 'N');

/** A stored YYYY-MM-DD as a spreadsheet date (UTC midnight, shown as MM/DD/YYYY, docs/behaviour/constants.md). */
const asDate = (day: string | null) => (day ? new Date(`${day}T00:00:00Z`) : null);

const COLUMNS: { header: string; key: string; width: number; date?: boolean }[] = [
  { header: 'Division', key: 'division', width: 18 },
  { header: 'Department', key: 'department', width: 12 },
  { header: 'Department name', key: 'departmentName', width: 24 },
  { header: 'Course', key: 'course', width: 10 },
  { header: 'Course name', key: 'courseName', width: 32 },
  { header: 'Next start date', key: 'nextStart', width: 14, date: true },
  { header: 'Adopted (Y/N)', key: 'status', width: 13 },
  { header: 'Response required', key: 'responseRequired', width: 17 },
  { header: 'Term', key: 'term', width: 14 },
  { header: 'Section', key: 'section', width: 9 },
  { header: 'Section start', key: 'start', width: 13, date: true },
  { header: 'Section end', key: 'end', width: 13, date: true },
  { header: 'Professors', key: 'professors', width: 28 },
  { header: 'Enrollment', key: 'enrollment', width: 11 },
  { header: 'Adoption type', key: 'adoptionType', width: 16 },
  { header: 'ISBN-13', key: 'isbn', width: 19 },
  { header: 'Title', key: 'title', width: 40 },
  { header: 'Author', key: 'author', width: 24 },
  { header: 'Edition', key: 'edition', width: 9 },
  { header: 'Publisher', key: 'publisher', width: 22 },
  { header: 'Required', key: 'required', width: 9 },
  { header: 'Bind-in', key: 'bindIn', width: 8 },
  { header: 'Print only', key: 'printOnly', width: 10 },
  { header: 'Flexible on edition', key: 'flexible', width: 18 },
  { header: 'Inclusive access', key: 'ia', width: 15 },
  { header: 'No text required', key: 'ntr', width: 16 },
  { header: 'Messaging status', key: 'messaging', width: 18 },
];

function line(course: CourseDTO, detail: ExportDetail | undefined) {
  return {
    division: course.divisionName,
    department: course.departmentCode,
    departmentName: course.departmentName,
    course: course.courseCode,
    courseName: course.courseName,
    nextStart:
      course.nextStartDate === PENDING_START ? PENDING_START : asDate(course.nextStartDate),
    status: course.adoptionStatus === 'complete' ? 'Y' : 'N',
    responseRequired: course.responseRequired ? 'Y' : 'N',
    term: detail?.termName?.split('-')[0]?.trim() ?? '',
    section: detail?.sectionCode ?? '',
    start: asDate(detail?.startDate ?? null),
    end: asDate(detail?.endDate ?? null),
    professors: detail?.professors ?? '',
    enrollment: detail?.enrollment ?? null,
    adoptionType:
      detail?.adoptionType === ADOPTION_TYPE.AUTO
        ? 'Course adoption'
        : detail?.adoptionType === ADOPTION_TYPE.SECTION
          ? 'Section adoption'
          : detail?.sectionCode
            ? 'Not adopted'
            : '',
    isbn: detail?.ean13 ? formatEan13(detail.ean13) : '',
    title: detail?.title ?? '',
    author: detail?.author ?? '',
    edition: detail?.edition ?? '',
    publisher: detail?.publisher ?? '',
    required: yesNo(detail?.required ?? null),
    bindIn: yesNo(detail?.bindInComponentRequired ?? null),
    printOnly: yesNo(detail?.printOnlyRequired ?? null),
    flexible: yesNo(detail?.flexibleOnEdition ?? null),
    ia: yesNo(detail?.ia ?? null),
    ntr: yesNo(detail?.noTextRequired ?? null),
    messaging: detail?.messagingStatus
      ? (MESSAGING_STATUSES[detail.messagingStatus as keyof typeof MESSAGING_STATUSES] ??
        detail.messagingStatus)
      : '',
  };
}

/** Thrown when the reader of a streamed export went away: the rest is not worth building. */
export class ExportAbandoned extends Error {
  constructor() {
    super('the reader of the export went away');
    this.name = 'ExportAbandoned';
  }
}

/**
 * Waits until `output` can take more (the reader caught up), so a slow reader holds at most a
 * buffer of the workbook in memory; rejects when the reader went away.
 */
async function readerKeepsUp(output: Writable): Promise<void> {
  if (output.destroyed || output.writableEnded) throw new ExportAbandoned();
  if (!output.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new ExportAbandoned());
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}

/**
 * Writes the listed courses (`courses`, the filtered catalog in its order) as an .xlsx
 * workbook to `output`, one row per course x counted section x adopted material, streaming:
 * rows are committed as each batch of courses is read, and the next batch waits for the reader,
 * so only a batch of lines and a buffer are in memory however large the catalog. Stops (with
 * ExportAbandoned) when the reader goes away. Resolves to the number of rows written.
 */
export async function writeCatalogWorkbook(
  db: Db,
  q: CourseListQuery,
  courses: readonly CourseDTO[],
  output: Writable,
  storeName: string,
): Promise<number> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = storeName;
  const sheet = workbook.addWorksheet('Course catalog', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.date && { style: { numFmt: 'mm/dd/yyyy' } }),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  for (let i = 0; i < courses.length; i += COURSE_BATCH) {
    await readerKeepsUp(output);
    const batch = courses.slice(i, i + COURSE_BATCH);
    const details = await exportDetails(
      db,
      q,
      batch.map((c) => c.courseId),
    );
    const byCourse = new Map<number, ExportDetail[]>();
    for (const d of details) {
      const list = byCourse.get(d.courseId) ?? [];
      list.push(d);
      byCourse.set(d.courseId, list);
    }
    for (const course of batch) {
      const lines = byCourse.get(course.courseId) ?? [undefined];
      for (const detail of lines) {
        sheet.addRow(line(course, detail)).commit();
        rows++;
      }
    }
  }
  await readerKeepsUp(output);
  sheet.commit();
  await workbook.commit();
  return rows;
}

/**
 * Builds the workbook in a private temporary file (for mailing), removed by `cleanup`. A
 * failure (disk full, a query) closes the file and removes the folder before it is reported.
 */
export async function catalogWorkbookFile(
  db: Db,
  q: CourseListQuery,
  courses: readonly CourseDTO[],
  storeName: string,
): Promise<{ path: string; rows: number; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'csp-export-'));
  const path = join(dir, 'course-catalog.xlsx');
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const file = createWriteStream(path, { mode: 0o600 });
  // Listened to from the start: a write error before the workbook is done must be this
  // function's failure, never an unhandled rejection that ends the process.
  const written = finished(file);
  try {
    const [rows] = await Promise.all([
      writeCatalogWorkbook(db, q, courses, file, storeName),
      written,
    ]);
    return { path, rows, cleanup };
  } catch (error) {
    file.destroy();
    await written.catch(() => undefined);
    await cleanup();
    throw error;
  }
}
