import { decodeEscapes, isDateFormat } from './cell-text.ts';
import { SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';
import { parseXmlPart } from './xml-part.ts';
import { notAWorkbook, type WorkbookZip } from './zip-parts.ts';

/** What reading the first sheet needs from the rest of the workbook. */
export interface WorkbookInfo {
  sheetPath: string;
  date1904: boolean;
  /** Cell style indexes (a cell's `s`) whose number format shows a date. */
  dateStyles: Set<number>;
  /** Shared cell texts by index; null for one longer than a cell may be (refused if used). */
  sharedStrings: (string | null)[];
}

const notWellFormed = (name: string) => () => notAWorkbook(`${name} is not what a workbook holds.`);

/** A relationship's target as a part name: relative to the part's folder, or from the root. */
function resolveTarget(fromPart: string, target: string): string {
  const segments = target.startsWith('/') ? [] : fromPart.split('/').slice(0, -1);
  for (const segment of target.replace(/^\//, '').split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return segments.join('/');
}

/** A part's relationships (`_rels/<name>.rels`): id to target part, and type to target part. */
async function relationships(book: WorkbookZip, part: string, limits: UploadLimits) {
  const folder = part.split('/').slice(0, -1);
  const relsName = [...folder, '_rels', `${part.split('/').pop() ?? ''}.rels`].join('/');
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  await parseXmlPart(
    book,
    relsName,
    limits,
    {
      open(name, a) {
        if (name !== 'Relationship' || !a['Target'] || a['TargetMode'] === 'External') return;
        const target = resolveTarget(part, a['Target']);
        if (a['Id']) byId.set(a['Id'], target);
        const type = a['Type']?.split('/').pop();
        if (type && !byType.has(type)) byType.set(type, target);
      },
    },
    notWellFormed(relsName),
  );
  return { byId, byType };
}

/** The workbook's first sheet (its first tab) and its date system. */
async function firstSheet(book: WorkbookZip, workbookPath: string, limits: UploadLimits) {
  let sheetId: string | undefined;
  let date1904 = false;
  const found = await parseXmlPart(
    book,
    workbookPath,
    limits,
    {
      open(name, a) {
        if (name === 'workbookPr') date1904 = a['date1904'] === '1' || a['date1904'] === 'true';
        if (name === 'sheet' && sheetId === undefined) {
          sheetId = Object.entries(a).find(([key]) => key.endsWith(':id'))?.[1];
        }
      },
    },
    notWellFormed(workbookPath),
  );
  if (!found) throw notAWorkbook('it has no workbook part.');
  return { sheetId, date1904 };
}

/** The cell styles whose number format shows a date. */
async function dateStylesOf(book: WorkbookZip, stylesPath: string, limits: UploadLimits) {
  const formats = new Map<number, string>();
  const dateStyles = new Set<number>();
  let inCellXfs = false;
  let index = 0;
  await parseXmlPart(
    book,
    stylesPath,
    limits,
    {
      open(name, a) {
        if (name === 'numFmt') formats.set(Number(a['numFmtId']), a['formatCode'] ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(a['numFmtId'] ?? 0);
          if (id !== 0 && isDateFormat(id, formats.get(id))) dateStyles.add(index);
          index++;
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    },
    notWellFormed(stylesPath),
  );
  return dateStyles;
}

/** The shared cell texts (rich text runs joined, phonetic runs left out), within the limits. */
async function sharedStringsOf(book: WorkbookZip, path: string, limits: UploadLimits) {
  const strings: (string | null)[] = [];
  let text = '';
  let inText = false;
  let phonetic = 0;
  let tooLong = false;
  let chars = 0;
  await parseXmlPart(
    book,
    path,
    limits,
    {
      open(name) {
        if (name === 'si') [text, tooLong] = ['', false];
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && phonetic === 0) inText = true;
      },
      text(value) {
        if (!inText || tooLong) return;
        text += value;
        if (text.length > limits.maxCellChars) [text, tooLong] = ['', true];
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'si') {
          const decoded = tooLong ? null : decodeEscapes(text);
          chars += decoded?.length ?? 0;
          strings.push(decoded);
          if (strings.length > limits.maxSharedStrings || chars > limits.maxSharedStringChars) {
            throw new SheetLimitError(M.tooMuchSharedText(limits));
          }
        }
      },
    },
    () => new SheetLimitError(M.sharedTextTooLong(limits)),
  );
  return strings;
}

/** Finds the first sheet and reads what its cells refer to: date styles and shared texts. */
export async function workbookInfo(book: WorkbookZip, limits: UploadLimits): Promise<WorkbookInfo> {
  const root = await relationships(book, '', limits);
  const workbookPath = root.byType.get('officeDocument') ?? 'xl/workbook.xml';
  const { sheetId, date1904 } = await firstSheet(book, workbookPath, limits);
  const rels = await relationships(book, workbookPath, limits);
  const sheetPath = sheetId === undefined ? undefined : rels.byId.get(sheetId);
  if (!sheetPath || !book.parts.has(sheetPath))
    throw notAWorkbook('The workbook has no worksheet.');
  const inXl = (name: string) => resolveTarget(workbookPath, name);
  const stylesPath = rels.byType.get('styles') ?? inXl('styles.xml');
  const stringsPath = rels.byType.get('sharedStrings') ?? inXl('sharedStrings.xml');
  return {
    sheetPath,
    date1904,
    dateStyles: await dateStylesOf(book, stylesPath, limits),
    sharedStrings: await sharedStringsOf(book, stringsPath, limits),
  };
}
