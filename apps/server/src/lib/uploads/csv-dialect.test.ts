import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CsvDialect, detectCsvDialect, separatorChar } from './csv-dialect.ts';
import { countSheetRows, readSheetRows } from './sheet-reader.ts';
import { SheetLimitError } from './sheet-errors.ts';
import type { UploadLimits } from './upload-limits.ts';

const LIMITS: UploadLimits = {
  fileKind: 'a test file',
  maxBytes: 2 ** 26,
  maxUnpackedBytes: 2 ** 26,
  maxRows: 100_000,
  maxColumns: 50,
  maxCellChars: 10_000,
  maxRowChars: 100_000,
  maxTextChars: 2 ** 26,
  maxSharedStrings: 1000,
  maxSharedStringChars: 100_000,
  workerHeapMiB: 96,
};

/** What every dialect's file holds: text outside Latin-1's ASCII, a comma, a quoted line break. */
const ROWS = [
  ['name', 'price'],
  ['Café “Noir”', '€12,50'],
  ['Thé – vert\nen vrac', '3,20'],
];

/** The characters Windows-1252 puts at 0x80-0x9F that these tests use (else Latin-1's). */
const CP1252: Record<string, number> = {
  '€': 0x80,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
};

function csvText(rows: string[][], separator: string): string {
  const cell = (value: string) =>
    /["\n\r]/.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value;
  return rows.map((row) => row.map(cell).join(separator) + '\r\n').join('');
}

function encode(text: string, dialect: CsvDialect, bom: boolean): Buffer {
  const { encoding } = dialect;
  if (encoding === 'windows-1252') {
    return Buffer.from([...text].map((c) => CP1252[c] ?? c.charCodeAt(0)));
  }
  const body = encoding === 'utf-8' ? Buffer.from(text, 'utf8') : Buffer.from(text, 'utf16le');
  if (encoding === 'utf-16be') body.swap16();
  if (!bom) return body;
  const mark = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] };
  return Buffer.concat([Buffer.from(mark[encoding]), body]);
}

const CASES: { name: string; dialect: CsvDialect; bom: boolean }[] = [
  { name: 'UTF-8, commas', dialect: { separator: 'comma', encoding: 'utf-8' }, bom: false },
  { name: 'UTF-8 with a BOM', dialect: { separator: 'comma', encoding: 'utf-8' }, bom: true },
  { name: 'semicolons', dialect: { separator: 'semicolon', encoding: 'utf-8' }, bom: false },
  { name: 'tabs', dialect: { separator: 'tab', encoding: 'utf-8' }, bom: false },
  { name: 'UTF-16LE with a BOM', dialect: { separator: 'tab', encoding: 'utf-16le' }, bom: true },
  {
    name: 'UTF-16LE without a BOM',
    dialect: { separator: 'semicolon', encoding: 'utf-16le' },
    bom: false,
  },
  {
    name: 'UTF-16BE with a BOM',
    dialect: { separator: 'semicolon', encoding: 'utf-16be' },
    bom: true,
  },
  {
    name: 'UTF-16BE without a BOM',
    dialect: { separator: 'tab', encoding: 'utf-16be' },
    bom: false,
  },
  {
    name: 'Windows-1252 (é, €, smart quotes)',
    dialect: { separator: 'semicolon', encoding: 'windows-1252' },
    bom: false,
  },
];

let dir: string;
let fileNumber = 0;
function file(content: string | Buffer): string {
  const path = join(dir, `${++fileNumber}.csv`);
  writeFileSync(path, content);
  return path;
}
const caseFile = ({ dialect, bom }: (typeof CASES)[number]) =>
  file(encode(csvText(ROWS, separatorChar(dialect.separator)), dialect, bom));

async function read(path: string, csv?: CsvDialect, limits = LIMITS) {
  const rows = [];
  for await (const row of readSheetRows(path, 'csv', {
    limits,
    numbers: 'plain',
    ...(csv && { csv }),
  })) {
    rows.push(row);
  }
  return rows;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'csp-csv-dialect-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('detectCsvDialect', () => {
  it.each(CASES)('detects $name', async (testCase) => {
    expect(await detectCsvDialect(caseFile(testCase))).toEqual(testCase.dialect);
  });

  it('counts separators only outside quoted cells, which may hold commas and line breaks', async () => {
    const path = file('"Name, full";"Notes,\nmore, and more";price\nTea;x;3,50\n');
    expect(await detectCsvDialect(path)).toEqual({ separator: 'semicolon', encoding: 'utf-8' });
  });

  it('drops a UTF-8 BOM before reading the header (a quote right after it opens a cell)', async () => {
    const path = file(
      encode('"name, full";price\n', { separator: 'comma', encoding: 'utf-8' }, true),
    );
    expect(await detectCsvDialect(path)).toEqual({ separator: 'semicolon', encoding: 'utf-8' });
  });

  it('takes a BOM over the bytes after it', async () => {
    const path = file(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a;b\n\xe9\n', 'latin1')]),
    );
    expect(await detectCsvDialect(path)).toEqual({ separator: 'semicolon', encoding: 'utf-8' });
  });

  it('answers comma for a one-column file and for a tie with commas', async () => {
    expect(await detectCsvDialect(file('isbn\n9780070006577\n'))).toMatchObject({
      separator: 'comma',
    });
    expect(await detectCsvDialect(file('a;b,c\n1;2,3\n'))).toMatchObject({ separator: 'comma' });
    expect(await detectCsvDialect(file('a;b;c\td\n'))).toMatchObject({ separator: 'semicolon' });
  });

  it.each([
    ['a 2-byte character', 'é', [1]],
    ['a 3-byte character', '€', [1, 2]],
    ['a 4-byte character', '😀', [1, 2, 3]],
  ] as const)(
    'still detects UTF-8 when the 64 KiB sample ends inside %s',
    async (_, char, kept) => {
      for (const bytesInSample of kept) {
        const header = 'name;price\n';
        const filler = 'x'.repeat(64 * 1024 - header.length - bytesInSample);
        const path = file(`${header}${filler}${char}\nmore;rows\n`);
        expect(await detectCsvDialect(path)).toEqual({ separator: 'semicolon', encoding: 'utf-8' });
      }
    },
  );

  it('looks only at the first 64 KiB', async () => {
    const text = Buffer.from(`a\tb\n${'x'.repeat(64 * 1024)}\n`, 'utf8');
    const path = file(Buffer.concat([text, Buffer.from([0xe9, 0x0a])]));
    expect(await detectCsvDialect(path)).toEqual({ separator: 'tab', encoding: 'utf-8' });
    expect(await detectCsvDialect(file(Buffer.from('a\tb\n\xe9\n', 'latin1')))).toEqual({
      separator: 'tab',
      encoding: 'windows-1252',
    });
  });
});

describe('reading a CSV file in its dialect (in the reading thread)', () => {
  it.each(CASES)('reads $name as the cells UTF-8 with commas holds', async (testCase) => {
    const path = caseFile(testCase);
    const rows = await read(path, await detectCsvDialect(path));
    expect(rows).toEqual(ROWS.map((cells, i) => ({ rowNumber: i + 1, cells })));
    expect(
      await countSheetRows(path, 'csv', {
        limits: LIMITS,
        numbers: 'plain',
        csv: testCase.dialect,
      }),
    ).toBe(2);
  });

  it('reads UTF-8 with commas, a BOM dropped, when no dialect is given', async () => {
    const path = caseFile(CASES[1] as (typeof CASES)[number]);
    expect(await read(path)).toEqual(ROWS.map((cells, i) => ({ rowNumber: i + 1, cells })));
  });

  it('reads the dialect chosen over the one detected', async () => {
    const path = file('name;price\nTea;3.50\n');
    expect(await detectCsvDialect(path)).toMatchObject({ separator: 'semicolon' });
    const rows = await read(path, { separator: 'comma', encoding: 'utf-8' });
    expect(rows.map((row) => row.cells)).toEqual([['name;price'], ['Tea;3.50']]);
    expect((await read(path)).map((row) => row.cells)).toEqual([['name;price'], ['Tea;3.50']]);
  });

  it('decodes a character split between two chunks of a UTF-16 file', async () => {
    // A file is read in 64 KiB chunks: the emoji's two UTF-16 units fall either side of the first cut.
    const dialect: CsvDialect = { separator: 'tab', encoding: 'utf-16le' };
    const unitsBeforeEmoji = (64 * 1024 - 2) / 2 - 1;
    const filler = 'x'.repeat(unitsBeforeEmoji - 'name\tprice\r\n\t€1\r\nCafé '.length);
    const rows = [
      ['name', 'price'],
      [filler, '€1'],
      ['Café 😀', '€1'],
      ['Thé', '€2'],
    ];
    const bytes = encode(csvText(rows, '\t'), dialect, true);
    expect(bytes.subarray(64 * 1024 - 2, 64 * 1024 + 2)).toEqual(Buffer.from('😀', 'utf16le'));
    const read16 = await read(file(bytes), dialect, { ...LIMITS, maxCellChars: 40_000 });
    expect(read16.map((row) => row.cells)).toEqual(rows);
  });

  it('refuses a record over the length limit (an unclosed quote) in UTF-16 as in UTF-8', async () => {
    const text = `name\tprice\n"never closed\t${'x'.repeat(5000)}\n`;
    const limits = { ...LIMITS, maxRowChars: 1000 };
    const utf8: CsvDialect = { separator: 'tab', encoding: 'utf-8' };
    const utf16: CsvDialect = { separator: 'tab', encoding: 'utf-16be' };
    const refusal = await read(file(text), utf8, limits).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SheetLimitError);
    expect((refusal as Error).message).toMatch(/is longer than 1,000 characters/);
    const reading = read(file(encode(text, utf16, true)), utf16, limits);
    await expect(reading).rejects.toBeInstanceOf(SheetLimitError);
    await expect(reading).rejects.toThrow((refusal as Error).message);
  });
});
