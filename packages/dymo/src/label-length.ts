import { DYMO_MAX_LABEL_LENGTH } from './constants.ts';
import { DymoError } from './errors.ts';
import { DYMO_MESSAGES } from './messages.ts';
import { childElements, scanElements, type ScannedElement } from './xml-scan.ts';

interface Edit {
  at: number;
  to: number;
  text: string;
}

/**
 * The framework's setLabelLength: only a ContinuousLabel has a length. 0 means automatic (the
 * framework writes LengthMode Auto and LabelLength 7200); 1..7200 twips are Fixed. The label's
 * LengthMode and LabelLength are set (added before RootCell when missing), and so are its
 * RootCell's Length and LengthMode when present. Everything else is left as it was.
 */
export function setLabelLength(labelXml: string, length: number): string {
  const elements = scanElements(labelXml);
  const root = elements?.[0];
  if (!elements || !root) throw new DymoError('NO_LABEL_XML', DYMO_MESSAGES.noLabelXml);
  if (root.name !== 'ContinuousLabel') {
    throw new DymoError('NON_CONTINUOUS_LABEL', DYMO_MESSAGES.nonContinuous);
  }
  // `<ContinuousLabel/>` has nowhere to put a length: it is no label at all.
  if (root.selfClosing) throw new DymoError('NO_LABEL_XML', DYMO_MESSAGES.noLabelXml);
  if (!Number.isInteger(length) || length < 0 || length > DYMO_MAX_LABEL_LENGTH) {
    throw new DymoError('BAD_LABEL_LENGTH', DYMO_MESSAGES.badLabelLength);
  }
  const mode = length === 0 ? 'Auto' : 'Fixed';
  const value = String(length === 0 ? DYMO_MAX_LABEL_LENGTH : length);

  const edits: Edit[] = [];
  const rootCell = childElements(elements, 0, 'RootCell')[0];
  const missing: string[] = [];
  for (const [name, text] of [
    ['LengthMode', mode],
    ['LabelLength', value],
  ] as const) {
    const found = childElements(elements, 0, name)[0];
    if (found) edits.push(setText(found, text));
    else missing.push(`<${name}>${text}</${name}>`);
  }
  if (missing.length > 0) {
    const at = rootCell ? rootCell.start : root.contentEnd;
    edits.push({ at, to: at, text: missing.join('') });
  }
  if (rootCell) {
    const cellIndex = elements.indexOf(rootCell);
    const cellLength = childElements(elements, cellIndex, 'Length')[0];
    const cellMode = childElements(elements, cellIndex, 'LengthMode')[0];
    if (cellLength) edits.push(setText(cellLength, value));
    if (cellMode) edits.push(setText(cellMode, mode));
  }
  return applyEdits(labelXml, edits);
}

function setText(el: ScannedElement, text: string): Edit {
  return el.selfClosing
    ? { at: el.start, to: el.end, text: `<${el.name}>${text}</${el.name}>` }
    : { at: el.contentStart, to: el.contentEnd, text };
}

function applyEdits(source: string, edits: Edit[]): string {
  // From the end backwards, so earlier positions stay valid.
  return [...edits]
    .sort((a, b) => b.at - a.at)
    .reduce((out, e) => out.slice(0, e.at) + e.text + out.slice(e.to), source);
}
