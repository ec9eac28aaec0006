import { SaxesParser } from 'saxes';
import { notAWorkbook, partText, type WorkbookZip } from './zip-parts.ts';
import type { UploadLimits } from './upload-limits.ts';

export interface XmlHandlers {
  /** An element opens: its local name (no prefix) and its attributes as written. */
  open?(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Streams one part of a workbook through saxes. An XML parser holds a text node whole until
 * it ends; a cell of 64 MB would be 64 MB (twice that as UTF-16) before anyone could refuse
 * it. So the characters between two '<' are counted on the way in, and a run longer than
 * any cell of the kind may be (ten times its characters, for entities like &amp;, and never
 * under 64 KiB for long tags) stops the read with `tooLong()` before the parser sees it.
 * Pauses after each chunk it has parsed (the caller hands on what the handlers gathered, and
 * nothing more is read until it asks).
 */
export async function* parseXmlChunks(
  book: WorkbookZip,
  name: string,
  limits: UploadLimits,
  handlers: XmlHandlers,
  tooLong: () => Error,
): AsyncGenerator<void> {
  const maxRun = Math.max(64 * 1024, limits.maxCellChars * 10);
  const parser = new SaxesParser({ xmlns: false, position: false });
  const { open, text, close } = handlers;
  if (open) {
    parser.on('opentag', (tag) =>
      open(localName(tag.name), tag.attributes as Record<string, string>),
    );
  }
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  let run = 0;
  for await (const chunk of partText(book, name, limits)) {
    let from = 0;
    for (let at = chunk.indexOf('<'); at !== -1; at = chunk.indexOf('<', at + 1)) {
      if (run + at - from > maxRun) throw tooLong();
      run = 0;
      from = at + 1;
    }
    run += chunk.length - from;
    if (run > maxRun) throw tooLong();
    try {
      parser.write(chunk);
    } catch (error) {
      if (!(error instanceof Error) || error.constructor !== Error) throw error;
      throw notAWorkbook(`${name} is not well-formed XML (${error.message}).`);
    }
    yield;
  }
  try {
    parser.close();
  } catch (error) {
    throw notAWorkbook(`${name} is not well-formed XML (${(error as Error).message}).`);
  }
}

/** Parses a whole part (parseXmlChunks); false when the workbook has no such part. */
export async function parseXmlPart(
  book: WorkbookZip,
  name: string,
  limits: UploadLimits,
  handlers: XmlHandlers,
  tooLong: () => Error,
): Promise<boolean> {
  if (!book.parts.has(name)) return false;
  for await (const _chunk of parseXmlChunks(book, name, limits, handlers, tooLong)) {
    // Everything happens in the handlers.
  }
  return true;
}
