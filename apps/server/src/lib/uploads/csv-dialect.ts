import { open } from 'node:fs/promises';
import { CSV_SEPARATORS, type CsvEncoding, type CsvSeparator } from '@csp/contracts';

export type { CsvEncoding, CsvSeparator };

/**
 * How a CSV file is written (the choices are the contracts' CSV_SEPARATORS and CSV_ENCODINGS):
 * registrar exports come from Excel in many locales, so besides UTF-8 with commas they may be
 * separated by semicolons or tabs, and encoded as UTF-16 (Excel's "Unicode text") or
 * Windows-1252.
 */
export interface CsvDialect {
  separator: CsvSeparator;
  encoding: CsvEncoding;
}

/** What a CSV file is read as when nobody says otherwise. */
export const DEFAULT_CSV_DIALECT: CsvDialect = { separator: 'comma', encoding: 'utf-8' };

const SEPARATOR_CHARS: Record<CsvSeparator, string> = { comma: ',', semicolon: ';', tab: '\t' };

/** The character that separates the cells of a record. */
export function separatorChar(separator: CsvSeparator): string {
  return SEPARATOR_CHARS[separator];
}

/** Detection looks only at the start of the file: an upload may be a gigabyte. */
const SAMPLE_BYTES = 64 * 1024;

const BOMS: { bytes: number[]; encoding: CsvEncoding }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/**
 * The dialect a CSV file most likely has, from its first 64 KiB: the encoding from its BOM or
 * its bytes, the separator from its header record. The user may still choose another.
 */
export async function detectCsvDialect(path: string): Promise<CsvDialect> {
  const { sample, cut } = await readSample(path);
  const encoding = detectEncoding(sample, cut);
  const text = new TextDecoder(encoding).decode(sample, { stream: cut });
  return { encoding, separator: detectSeparator(text) };
}

async function readSample(path: string): Promise<{ sample: Uint8Array; cut: boolean }> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    let length = 0;
    // One read may return less than asked for before the end of the file.
    while (length < SAMPLE_BYTES) {
      const { bytesRead } = await file.read(buffer, length, SAMPLE_BYTES - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { sample: buffer.subarray(0, length), cut: length === SAMPLE_BYTES };
  } finally {
    await file.close();
  }
}

function detectEncoding(sample: Uint8Array, cut: boolean): CsvEncoding {
  const bom = BOMS.find(({ bytes }) => bytes.every((byte, i) => sample[i] === byte));
  if (bom) return bom.encoding;
  const utf16 = utf16ByNuls(sample);
  if (utf16) return utf16;
  try {
    // `stream` when the sample was cut: a character split by the cut is held back, not refused.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: cut });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * UTF-16 without a BOM: text files hold no NUL bytes, but in UTF-16 every ASCII character (the
 * separators, line breaks, digits) has one, on the high byte's side of each pair.
 */
function utf16ByNuls(sample: Uint8Array): CsvEncoding | null {
  const pairs = Math.floor(sample.length / 2);
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenNuls++;
    if (sample[i + 1] === 0) oddNuls++;
  }
  const many = (nuls: number, others: number) =>
    nuls > 0 && nuls * 10 >= pairs && nuls > others * 4;
  if (many(oddNuls, evenNuls)) return 'utf-16le';
  if (many(evenNuls, oddNuls)) return 'utf-16be';
  return null;
}

/**
 * The separator used most in the header record, counted outside double-quoted cells (a quoted
 * name may hold commas and line breaks). Comma wins a tie and a file with one column.
 */
function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { comma: 0, semicolon: 0, tab: 0 };
  const separatorOf = new Map(CSV_SEPARATORS.map((s) => [separatorChar(s), s]));
  let quoted = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') continue;
      if (text[i + 1] === '"') i++;
      else quoted = false;
      continue;
    }
    if (char === '\n' || char === '\r') break;
    const separator = separatorOf.get(char);
    if (separator) counts[separator]++;
    // A quote opens a quoted cell only at the start of a cell; elsewhere it is text (5" disk).
    if (char === '"' && cellStart) quoted = true;
    cellStart = separator !== undefined;
  }
  let best: CsvSeparator = 'comma';
  for (const separator of CSV_SEPARATORS) {
    if (counts[separator] > counts[best]) best = separator;
  }
  return best;
}
