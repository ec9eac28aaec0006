import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { pngImage } from './png-image.ts';
import { ALLOWANCE_FILE_COLUMNS, type ImportFormat } from '@csp/contracts';
import type { RawBody } from './contract-arbitraries.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The content types a file is sent as: right, wrong, vague or none. */
const FILE_CONTENT_TYPES = [
  'text/csv',
  XLSX_TYPE,
  'application/octet-stream',
  'application/vnd.ms-excel',
  'text/plain',
  'application/json',
  undefined,
];

/** Cell values: plausible, empty, hostile (formulas, NUL, a cell far longer than any column). */
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    '0',
    '-1',
    '12.50',
    '1e3',
    'abc',
    '=1+1',
    '@SUM(A1)',
    '\u0000',
    '"',
    ',',
    'x'.repeat(70_000),
  ),
);

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvOf(rows: string[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** The first sheet of a workbook holding `rows`. */
export async function xlsxOf(rows: string[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Files a generator picks from whole: workbooks are built once, before the run. */
export interface FileSamples {
  allowanceXlsx: Uint8Array[];
  importXlsx: Uint8Array[];
}

/** Small workbooks: a good one and one of junk, for allowances and for each import format. */
export async function fileSamples(
  formats: ImportFormat[],
  studentIdNums: string[],
): Promise<FileSamples> {
  const allowanceRows = [
    [...ALLOWANCE_FILE_COLUMNS],
    ...studentIdNums.map((id) => [id, '10.00', 'fuzz']),
  ];
  const importXlsx = await Promise.all(
    formats.map((f) => xlsxOf([f.columns.map((c) => c.column), f.columns.map(() => 'x')])),
  );
  return {
    allowanceXlsx: [
      await xlsxOf(allowanceRows),
      await xlsxOf([
        ['no', 'header'],
        ['=1/0', ''],
      ]),
    ],
    importXlsx,
  };
}

/** Bytes no parser should trip on: empty, random, a truncated zip, JSON, text with NULs. */
const junk: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom<string | Uint8Array>(
    '',
    '{}',
    'PK\u0003\u0004\u0014\u0000',
    'a\u0000b\r\n\u0000',
    '\uFEFF',
  ),
  fc.uint8Array({ maxLength: 300 }),
);

function sentAs(payload: fc.Arbitrary<string | Uint8Array>): fc.Arbitrary<RawBody> {
  return fc
    .tuple(payload, fc.constantFrom(...FILE_CONTENT_TYPES))
    .map(([p, contentType]) => (contentType ? { contentType, payload: p } : { payload: p }));
}

/** CSV text with `header` and a few rows, cells from `values` (a column's real values) or junk. */
function csvFile(header: string[], values: (column: string) => fc.Arbitrary<string>) {
  const row = fc.tuple(...header.map((column) => fc.oneof(values(column), cell)));
  return fc.array(row, { maxLength: 4 }).map((rows) => csvOf([header, ...rows.map((r) => [...r])]));
}

/** Allowance files: the right columns with real student IDs and amounts, workbooks, junk. */
export function allowanceFiles(
  samples: FileSamples,
  studentIdNums: string[],
): fc.Arbitrary<RawBody> {
  const values = (column: string) =>
    column === 'Student ID'
      ? fc.constantFrom(...studentIdNums)
      : column === 'Amount'
        ? fc.constantFrom('1.00', '25', '99999999.99', '0.001')
        : fc.string({ maxLength: 10 });
  return fc.oneof(
    { weight: 4, arbitrary: sentAs(csvFile([...ALLOWANCE_FILE_COLUMNS], values)) },
    { weight: 2, arbitrary: sentAs(fc.constantFrom(...samples.allowanceXlsx)) },
    { weight: 2, arbitrary: sentAs(junk) },
  );
}

/** Data import files: each format's columns with junk cells, workbooks, junk. */
export function importFiles(samples: FileSamples, formats: ImportFormat[]): fc.Arbitrary<RawBody> {
  const csv = fc.constantFrom(...formats).chain((f) =>
    csvFile(
      f.columns.map((c) => c.column),
      () => fc.string({ maxLength: 8 }),
    ),
  );
  return fc.oneof(
    { weight: 4, arbitrary: sentAs(csv) },
    { weight: 2, arbitrary: sentAs(fc.constantFrom(...samples.importXlsx)) },
    { weight: 2, arbitrary: sentAs(junk) },
  );
}

/** Logos: real PNGs of a few sizes (one too wide), and junk. */
export function logoFiles(): fc.Arbitrary<RawBody> {
  const pngs = [pngImage(240, 56), pngImage(40, 40), pngImage(5000, 10, true)];
  return fc.oneof(
    { weight: 3, arbitrary: sentAs(fc.constantFrom<string | Uint8Array>(...pngs)) },
    { weight: 1, arbitrary: sentAs(junk) },
  );
}
