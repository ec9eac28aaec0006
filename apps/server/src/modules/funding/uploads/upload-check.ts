import { ALLOWANCE_FILE_COLUMNS, FUNDING_MESSAGES as M } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { checkGrants, type AllowanceGrant } from '../allowances/allowance-grants.ts';
import { studentsByIdNum } from '../allowances/allowance-repository.ts';
import { sourceGrantedCents, type SourceRow } from '../sources/source-repository.ts';
import { parseAmount } from './upload-amount.ts';
import type { AllowanceFileRow } from './upload-file-rows.ts';

const [STUDENT_COLUMN, AMOUNT_COLUMN, NOTE_COLUMN] = ALLOWANCE_FILE_COLUMNS;
const MAX_NOTE_CHARS = 500;

/** Reasons as the report groups them (the issue itself names the student or the figure). */
const REASONS = {
  blankStudent: 'The student ID is empty.',
  unknownStudent: 'No student with this ID at this store.',
  duplicate: 'The student already has an allowance from this source, or is listed twice.',
  overCap: "Over the source's per-student cap.",
  overBudget: "Over the source's budget left to allocate.",
  longNote: `The note is longer than ${MAX_NOTE_CHARS} characters.`,
  nul: 'The cell contains a NUL character.',
} as const;

/** PostgreSQL stores no NUL in text or jsonb: such a cell is its row's issue, never a query's. */
const hasNul = (text: string) => text.includes('\u0000');
const withoutNuls = (text: string) => text.replaceAll('\u0000', '');

export interface UploadIssue {
  rowNumber: number;
  column: string;
  value: string;
  message: string;
  /** The reason the report counts it under. */
  reason: string;
}

/** A row to write on apply (kept with the upload as checked). */
export interface KeptRow {
  rowNumber: number;
  studentId: number;
  studentIdNum: string;
  amountCents: number;
  note: string;
}

export interface UploadCheck {
  status: 'CHECKED' | 'INVALID';
  rowsRead: number;
  validRows: KeptRow[];
  issues: UploadIssue[];
  reasons: { column: string; message: string; rows: number }[];
  validCents: number;
  remainingCents: number;
  errorMessage: string | null;
}

/** A file nothing of which can be checked (no header, a missing column). */
function invalid(errorMessage: string, rowsRead: number, remainingCents: number): UploadCheck {
  return {
    status: 'INVALID',
    rowsRead,
    validRows: [],
    issues: [],
    reasons: [],
    validCents: 0,
    remainingCents,
    errorMessage,
  };
}

/** Each column's index in the header (matched trimmed and case-insensitive), or a missing one. */
function columnsOf(header: readonly string[]): Map<string, number> | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const found = new Map<string, number>();
  for (const column of ALLOWANCE_FILE_COLUMNS) {
    const index = names.indexOf(column.toLowerCase());
    if (index >= 0) found.set(column, index);
    else if (column !== NOTE_COLUMN) return column;
  }
  return found;
}

/** Rows sharing a (column, reason), most rows first. */
function reasonsOf(issues: readonly UploadIssue[]): UploadCheck['reasons'] {
  const rows = new Map<string, { column: string; message: string; rows: Set<number> }>();
  for (const issue of issues) {
    const key = `${issue.column}\u0000${issue.reason}`;
    const entry = rows.get(key) ?? { column: issue.column, message: issue.reason, rows: new Set() };
    entry.rows.add(issue.rowNumber);
    rows.set(key, entry);
  }
  return [...rows.values()]
    .map((r) => ({ column: r.column, message: r.message, rows: r.rows.size }))
    .sort((a, b) => b.rows - a.rows || a.column.localeCompare(b.column));
}

/**
 * Checks every row of an allowance file against the store and the source as they are, writing
 * nothing: the student ID (blank, not a student of the store), the amount (not an amount, not
 * more than zero, over the largest allowance), then the grants' rules in file order (a student
 * listed twice or already given an allowance from the source, over the per-student cap, over
 * the budget left). Answers the report, the issues and the rows to write on apply.
 */
export async function checkAllowanceFile(
  db: Db,
  source: SourceRow,
  fileRows: readonly AllowanceFileRow[],
): Promise<UploadCheck> {
  const remainingCents = source.budgetCents - (await sourceGrantedCents(db, source.id));
  // The reader has left blank rows out and refused a file of too many rows (a 413).
  const [header, ...rest] = fileRows;
  if (!header) return invalid(M.emptyFile, 0, remainingCents);
  const columns = columnsOf(header.cells);
  if (typeof columns === 'string')
    return invalid(M.missingColumn(columns), rest.length, remainingCents);
  if (rest.length === 0) return invalid(M.emptyFile, 0, remainingCents);

  const cell = (row: AllowanceFileRow, column: string) => {
    const index = columns.get(column);
    return index === undefined ? '' : (row.cells[index] ?? '').trim();
  };
  const students = await studentsByIdNum(
    db,
    source.locationId,
    rest.map((r) => cell(r, STUDENT_COLUMN)).filter((id) => id !== '' && !hasNul(id)),
  );
  const issues: UploadIssue[] = [];
  const candidates: (KeptRow & { amountText: string })[] = [];
  for (const row of rest) {
    const idNum = cell(row, STUDENT_COLUMN);
    const amountText = cell(row, AMOUNT_COLUMN);
    const note = cell(row, NOTE_COLUMN);
    const issue = (column: string, value: string, message: string, reason = message) =>
      issues.push({ rowNumber: row.rowNumber, column, value, message, reason });
    const withNul = ALLOWANCE_FILE_COLUMNS.filter((column) => hasNul(cell(row, column)));
    if (withNul.length > 0) {
      for (const column of withNul) issue(column, withoutNuls(cell(row, column)), REASONS.nul);
      continue;
    }
    const student = idNum === '' ? undefined : students.get(idNum);
    if (idNum === '') issue(STUDENT_COLUMN, idNum, REASONS.blankStudent);
    else if (!student)
      issue(STUDENT_COLUMN, idNum, M.studentNotFound(idNum), REASONS.unknownStudent);
    const amount = parseAmount(amountText);
    if ('message' in amount) issue(AMOUNT_COLUMN, amountText, amount.message);
    if (note.length > MAX_NOTE_CHARS) issue(NOTE_COLUMN, note.slice(0, 40), REASONS.longNote);
    if (student && 'cents' in amount && note.length <= MAX_NOTE_CHARS) {
      candidates.push({
        rowNumber: row.rowNumber,
        studentId: student.id,
        studentIdNum: idNum,
        amountCents: amount.cents,
        note,
        amountText,
      });
    }
  }

  const refusals = await checkGrants(db, source, candidates.map(toGrant));
  const kept = candidates.filter((row, index) => {
    const refusal = refusals.get(index);
    if (!refusal) return true;
    const byStudent = refusal.field === 'studentIdNum';
    issues.push({
      rowNumber: row.rowNumber,
      column: byStudent ? STUDENT_COLUMN : AMOUNT_COLUMN,
      value: byStudent ? row.studentIdNum : row.amountText,
      message: refusal.message,
      reason: byStudent
        ? REASONS.duplicate
        : refusal.status === 400
          ? REASONS.overCap
          : REASONS.overBudget,
    });
    return false;
  });
  const validRows = kept.map(({ amountText: _text, ...row }) => row);
  issues.sort((a, b) => a.rowNumber - b.rowNumber);
  const validCents = validRows.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    status: validRows.length > 0 ? 'CHECKED' : 'INVALID',
    rowsRead: rest.length,
    validRows,
    issues,
    reasons: reasonsOf(issues),
    validCents,
    remainingCents,
    errorMessage: validRows.length > 0 ? null : M.uploadInvalid,
  };
}

/** A kept row as a grant (the apply checks and writes them again under the source's lock). */
export function toGrant(row: KeptRow): AllowanceGrant {
  return {
    studentId: row.studentId,
    studentIdNum: row.studentIdNum,
    amountCents: row.amountCents,
    note: row.note,
  };
}
