import type { Entry, ZipFile } from 'yauzl';
import { loadYauzl } from '../heavy-modules.ts';
import { SheetFormatError, SheetLimitError } from './sheet-errors.ts';
import { limitMessages as M, type UploadLimits } from './upload-limits.ts';

/** More parts than any workbook has (a sheet, its styles, its texts, a few dozen more). */
const MAX_PARTS = 10_000;
/**
 * A larger table of contents than any workbook's (a few dozen bytes a part). Read on the main
 * thread, so it is bounded before a single entry is read: names, comments and extra fields of
 * a crafted directory could otherwise fill the server's memory.
 */
const MAX_DIRECTORY_BYTES = 1024 * 1024;

export const notAWorkbook = (detail: string) =>
  new SheetFormatError(`The file is not a readable Excel workbook (.xlsx): ${detail}`);

/** The parts of a workbook (a zip file) by name, from its central directory. */
export interface WorkbookZip {
  zip: ZipFile;
  parts: Map<string, Entry>;
  /** Bytes inflated so far, all parts together. */
  inflated: number;
}

const open = async (path: string) => {
  const yauzl = await loadYauzl();
  return new Promise<ZipFile>((resolve, reject) => {
    // validateEntrySizes: a part that inflates to more than its header declares stops there.
    // decodeStrings off: names are decoded here, comments never (yauzl would decode CP437
    // comments character by character into strings many times their size).
    yauzl.open(
      path,
      {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: false,
        decodeStrings: false,
      },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });
};

/**
 * Opens a workbook and reads its directory only: nothing is inflated. A directory declaring
 * more than the kind may unpack to is refused at once (a 770 KB zip bomb declaring 194 MB is
 * refused in milliseconds); what each part really inflates to is counted as it is read.
 */
export async function openWorkbookZip(path: string, limits: UploadLimits): Promise<WorkbookZip> {
  let zip: ZipFile;
  try {
    zip = await open(path);
  } catch (error) {
    throw notAWorkbook(error instanceof Error ? error.message : String(error));
  }
  try {
    if (zip.entryCount > MAX_PARTS) throw new SheetLimitError(M.tooManyParts(limits));
    // yauzl's cursor starts at the directory's offset (its typings call it a boolean).
    const directoryStart = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
    if (zip.fileSize - directoryStart > MAX_DIRECTORY_BYTES) {
      throw notAWorkbook('its table of contents is larger than any workbook’s.');
    }
    const parts = new Map<string, Entry>();
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes) {
          reject(new SheetLimitError(M.unpacksTooLarge(limits)));
          return;
        }
        const name = Buffer.from(entry.fileName as unknown as Uint8Array).toString('utf8');
        parts.set(name.replace(/^\//, ''), entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', (error: Error) => reject(notAWorkbook(error.message)));
      zip.readEntry();
    });
    return { zip, parts, inflated: 0 };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Checks a workbook's directory against the kind's limits, inflating nothing. */
export async function checkWorkbookDirectory(path: string, limits: UploadLimits): Promise<void> {
  (await openWorkbookZip(path, limits)).zip.close();
}

/**
 * A part's text, decoded as UTF-8 chunk by chunk, its inflated bytes counted against the
 * kind's limit (a part whose header understates it is stopped by yauzl at the stated size).
 */
export async function* partText(
  book: WorkbookZip,
  name: string,
  limits: UploadLimits,
): AsyncGenerator<string> {
  const entry = book.parts.get(name);
  if (!entry) return;
  if (entry.isEncrypted()) throw notAWorkbook(`${name} is encrypted.`);
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    book.zip.openReadStream(entry, (error, s) =>
      error ? reject(notAWorkbook(error.message)) : resolve(s),
    ),
  );
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      book.inflated += chunk.length;
      if (book.inflated > limits.maxUnpackedBytes)
        throw new SheetLimitError(M.unpacksTooLarge(limits));
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    if (error instanceof SheetLimitError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw notAWorkbook(
      /too many bytes/.test(message)
        ? 'a part of it unpacks to more than the file says it does.'
        : message,
    );
  } finally {
    (stream as unknown as { destroy(): void }).destroy();
  }
  yield decoder.decode();
}
