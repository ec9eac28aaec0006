import { stringify } from 'csv-stringify/sync';
import type { IaChargeFileColumn, IaChargeFileField } from '@csp/contracts';
import type { ChargeFileLine } from './charge-file-repository.ts';

/** Cents as decimal dollars, a credit with a minus sign: '59.99', '-59.99'. */
export function dollarsOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}${(Math.abs(cents) / 100).toFixed(2)}`;
}

/**
 * A text cell a spreadsheet would run as a formula (= + - @, a tab or a carriage return first)
 * gets a leading apostrophe (CSV injection). Only names and descriptions: the amounts are
 * numbers the bursar's system reads, so a credit's minus sign stays.
 */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CELL: Record<IaChargeFileField, (line: ChargeFileLine) => string> = {
  studentId: (l) => safeText(l.studentId),
  studentName: (l) => safeText(`${l.lastName}, ${l.firstName}`),
  firstName: (l) => safeText(l.firstName),
  lastName: (l) => safeText(l.lastName),
  email: (l) => safeText(l.email),
  amount: (l) => dollarsOf(l.amountCents),
  term: (l) => safeText(l.term),
  section: (l) => safeText(l.section),
  description: (l) => safeText(l.description),
  kind: (l) => l.kind,
  lineId: (l) => String(l.lineId),
};

/**
 * A charge file as CSV (RFC 4180 quoting by csv-stringify; UTF-8 without a byte order mark, as
 * a bursar's system reads it; CRLF): the layout's headers, a line per charge or credit, then
 * the trailer `TOTAL,<line count>,<total amount>`.
 */
export function chargeFileCsv(
  columns: readonly IaChargeFileColumn[],
  lines: readonly ChargeFileLine[],
): string {
  const total = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return stringify(
    [
      columns.map((c) => c.header),
      ...lines.map((line) => columns.map((c) => CELL[c.field](line))),
      ['TOTAL', String(lines.length), dollarsOf(total)],
    ],
    { record_delimiter: '\r\n' },
  );
}

/** The download's name: the term's name and the file's number, in safe characters. */
export function chargeFileName(termName: string, number: number): string {
  const term = termName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `ia-charges-${term || 'term'}-${number}.csv`;
}
