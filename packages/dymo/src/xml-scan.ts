import { XMLValidator } from 'fast-xml-parser';

/** Where one element sits in the source text, so it can be edited without re-serialising. */
export interface ScannedElement {
  name: string;
  /** Index in the result of the parent element; -1 for the root. */
  parent: number;
  /** Index of the '<' of the start tag. */
  start: number;
  /** Index just after the start tag's '>' (where the content begins). */
  contentStart: number;
  /** Index of the end tag's '<' (where the content ends); contentStart for `<X/>`. */
  contentEnd: number;
  /** Index just after the end tag (or of `<X/>`). */
  end: number;
  selfClosing: boolean;
}

const START_TAG = /<([A-Za-z_][\w.:-]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
const END_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;

/**
 * The elements of a well-formed document in document order, or null when it is not well formed.
 * Editing by position keeps everything else (declaration, comments, whitespace, entity
 * spellings, base64 images) byte for byte, which a parse-and-rebuild would not.
 */
export function scanElements(xml: string): ScannedElement[] | null {
  if (xml.trim() === '' || XMLValidator.validate(xml) !== true) return null;
  const elements: ScannedElement[] = [];
  const open: number[] = [];
  let at = xml.indexOf('<');
  while (at !== -1) {
    const skipTo = skipMarkup(xml, at);
    if (skipTo !== null) {
      at = xml.indexOf('<', skipTo);
      continue;
    }
    END_TAG.lastIndex = at;
    const endTag = END_TAG.exec(xml);
    if (endTag) {
      const index = open.pop();
      const el = index === undefined ? undefined : elements[index];
      if (!el || el.name !== endTag[1]) return null;
      el.contentEnd = at;
      el.end = END_TAG.lastIndex;
      at = xml.indexOf('<', el.end);
      continue;
    }
    START_TAG.lastIndex = at;
    const startTag = START_TAG.exec(xml);
    if (!startTag?.[1]) return null;
    const selfClosing = startTag[2] === '/';
    const after = START_TAG.lastIndex;
    elements.push({
      name: startTag[1],
      parent: open.at(-1) ?? -1,
      start: at,
      contentStart: after,
      contentEnd: after,
      end: after,
      selfClosing,
    });
    if (!selfClosing) open.push(elements.length - 1);
    at = xml.indexOf('<', after);
  }
  return open.length === 0 ? elements : null;
}

/** The direct children of element `index` named `name`. */
export function childElements(
  elements: readonly ScannedElement[],
  index: number,
  name: string,
): ScannedElement[] {
  return elements.filter((el) => el.parent === index && el.name === name);
}

/** Comments, CDATA, processing instructions and declarations: where the scan resumes, or null. */
function skipMarkup(xml: string, at: number): number | null {
  const closers: ReadonlyArray<readonly [string, string]> = [
    ['<!--', '-->'],
    ['<![CDATA[', ']]>'],
    ['<?', '?>'],
    ['<!', '>'],
  ];
  for (const [opener, closer] of closers) {
    if (xml.startsWith(opener, at)) {
      const close = xml.indexOf(closer, at + opener.length);
      return close === -1 ? xml.length : close + closer.length;
    }
  }
  return null;
}
