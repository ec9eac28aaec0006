import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile upload files, made in a few milliseconds each (never committed): workbooks that
 * unpack to hundreds of megabytes, one giant cell, a million rows.
 *
 * A part's content may be `head + unit × times + tail`: the unit is deflated once, ending on a
 * full flush (no reference to what came before it), so its compressed bytes can be written
 * `times` times over and still be one valid deflate stream. A gigabyte of sheet costs a
 * few megabytes of file and a second or two (its CRC-32).
 */
export interface Repeated {
  head: string;
  unit: string;
  times: number;
  tail: string;
}

export interface ZipPart {
  name: string;
  content: string | Repeated;
  /** The size the zip's headers declare, when it lies about the real one. */
  declaredSize?: number;
  /** The part's comment in the zip's directory. */
  comment?: Buffer;
}

const fullFlush = (text: string) =>
  deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });

function deflatePart(content: string | Repeated): { data: Buffer[]; size: number; crc: number } {
  if (typeof content === 'string') {
    const bytes = Buffer.from(content);
    return { data: [deflateRawSync(bytes)], size: bytes.length, crc: crc32(bytes) };
  }
  const head = Buffer.from(content.head);
  const unit = Buffer.from(content.unit);
  const tail = Buffer.from(content.tail);
  let crc = crc32(head);
  for (let i = 0; i < content.times; i++) crc = crc32(unit, crc);
  crc = crc32(tail, crc);
  const unitDeflated = fullFlush(content.unit);
  return {
    data: [
      fullFlush(content.head),
      ...Array.from({ length: content.times }, () => unitDeflated),
      deflateRawSync(tail),
    ],
    size: head.length + unit.length * content.times + tail.length,
    crc,
  };
}

/** Writes a zip (deflate, no zip64: each part under 4 GiB) to `path`. */
export async function writeZip(path: string, parts: readonly ZipPart[]): Promise<void> {
  const out = createWriteStream(path);
  const central: Buffer[] = [];
  let offset = 0;
  const write = async (buffer: Buffer) => {
    offset += buffer.length;
    if (!out.write(buffer)) await once(out, 'drain');
  };
  for (const part of parts) {
    const { data, size, crc } = deflatePart(part.content);
    const compressed = data.reduce((sum, b) => sum + b.length, 0);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt16LE(part.comment?.length ?? 0, 32);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, name, part.comment ?? Buffer.alloc(0));
    await write(Buffer.concat([local, name]));
    for (const chunk of data) await write(chunk);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(directory);
  await write(end);
  out.end();
  await once(out, 'finish');
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts every workbook has, around its first sheet (and its shared strings, if any). */
function workbookParts(sheet: ZipPart['content'], sharedStrings?: ZipPart['content']): ZipPart[] {
  const sst = sharedStrings !== undefined;
  return [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${sst ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sst ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: sheet },
    ...(sst ? [{ name: 'xl/sharedStrings.xml', content: sharedStrings }] : []),
  ];
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row>${inline('Student ID')}${inline('Amount')}${inline('Note')}</row>`;

/**
 * A sheet of a header row and `rows` rows of three columns, each row `rowBytes` long or so
 * (rows without numbers: a spreadsheet numbers them one after another).
 */
export function sheetOfRows(rows: number, rowBytes = 40): Repeated {
  const cells = '<c><v>1</v></c><c><v>1</v></c>';
  const note = 'x'.repeat(Math.max(0, rowBytes - `<row>${cells}${inline('')}</row>`.length));
  const row = `<row>${cells}${note ? inline(note) : ''}</row>`;
  const perUnit = Math.max(1, Math.floor(2 ** 20 / row.length));
  const units = Math.floor(rows / perUnit);
  return {
    head: SHEET_HEAD + HEADER_ROW,
    unit: row.repeat(perUnit),
    times: units,
    tail: row.repeat(rows - units * perUnit) + SHEET_TAIL,
  };
}

/** `chars` characters of one letter, as repeated content between `head` and `tail`. */
function giantText(head: string, chars: number, tail: string): Repeated {
  const unit = 'x'.repeat(2 ** 20);
  const times = Math.floor(chars / unit.length);
  return { head, unit, times, tail: 'x'.repeat(chars - times * unit.length) + tail };
}

/** An .xlsx whose only sheet holds a header row and `rows` rows (the zip bomb, or many rows). */
export const xlsxOfRows = (path: string, rows: number, rowBytes?: number) =>
  writeZip(path, workbookParts(sheetOfRows(rows, rowBytes)));

/** The same workbook, its sheet declaring `declaredSize` bytes: the headers lie. */
export const xlsxLyingAboutSize = (path: string, rows: number, declaredSize: number) =>
  writeZip(
    path,
    workbookParts(sheetOfRows(rows)).map((part) =>
      part.name.endsWith('sheet1.xml') ? { ...part, declaredSize } : part,
    ),
  );

/**
 * A small workbook whose directory lists `parts` more empty parts, each with a comment of
 * 65,000 bytes that are not UTF-8 (a table of contents of megabytes, to be decoded).
 */
export const xlsxWithHugeDirectory = (path: string, parts: number) =>
  writeZip(path, [
    ...workbookParts(sheetOfRows(1)),
    ...Array.from({ length: parts }, (_, i) => ({
      name: `xl/media/pad${i}.bin`,
      content: '',
      comment: Buffer.alloc(65_000, 0xe9),
    })),
  ]);

/** An .xlsx whose second row holds one inline cell of `chars` characters. */
export const xlsxWithGiantCell = (path: string, chars: number) =>
  writeZip(
    path,
    workbookParts(
      giantText(
        `${SHEET_HEAD}${HEADER_ROW}<row><c t="inlineStr"><is><t>1</t></is></c><c><v>1</v></c><c t="inlineStr"><is><t>`,
        chars,
        `</t></is></c></row>${SHEET_TAIL}`,
      ),
    ),
  );

/** An .xlsx whose shared strings hold one text of `chars` characters, used by its second row. */
export const xlsxWithGiantSharedString = (path: string, chars: number) =>
  writeZip(
    path,
    workbookParts(
      `${SHEET_HEAD}${HEADER_ROW}<row>${inline('1')}<c><v>1</v></c><c t="s"><v>0</v></c></row>${SHEET_TAIL}`,
      giantText(
        `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}"><si><t>`,
        chars,
        '</t></si></sst>',
      ),
    ),
  );

/** Writes `head`, then `line` `times` times, to a file (a CSV of many rows, or one giant cell). */
export async function writeRepeated(path: string, head: string, line: string, times: number) {
  const out = createWriteStream(path);
  out.write(head);
  const perChunk = Math.max(1, Math.floor(2 ** 20 / line.length));
  const chunk = line.repeat(perChunk);
  for (let done = 0; done < times; done += perChunk) {
    const text = times - done >= perChunk ? chunk : line.repeat(times - done);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
