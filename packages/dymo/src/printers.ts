import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DymoError } from './errors.ts';
import { DYMO_MESSAGES } from './messages.ts';

export interface DymoPrinter {
  /** The element name in GetPrinters: LabelWriterPrinter, TapePrinter, DZPrinter, ... */
  kind: string;
  name: string;
  modelName: string;
  /** As reported; newer services say False for printers that print fine (see pickLabelPrinter). */
  isConnected: boolean;
  isLocal: boolean;
  isTwinTurbo: boolean;
  /** Only reported by tape (and DZ) printers. */
  isAutoCutSupported?: boolean;
}

/** preserveOrder keeps printers in the service's order, whatever their kinds. */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
});

type OrderedNode = Record<string, unknown>;

/** The GetPrinters XML as printers. Unreadable XML is a SERVICE_ERROR (the service's fault). */
export function parsePrintersXml(xml: string): DymoPrinter[] {
  const text = xml.trim();
  if (text === '') return [];
  if (XMLValidator.validate(text) !== true) {
    throw new DymoError(
      'SERVICE_ERROR',
      'The DYMO Connect service sent an unreadable printer list.',
    );
  }
  const root = childrenOf(parser.parse(text) as OrderedNode[], 'Printers');
  const printers: DymoPrinter[] = [];
  for (const node of root) {
    const kind = elementName(node);
    if (!kind) continue;
    const fields = node[kind] as OrderedNode[];
    const text = (name: string): string | undefined => textOf(fields, name);
    const printer: DymoPrinter = {
      kind,
      name: text('Name') ?? '',
      modelName: text('ModelName') ?? '',
      isConnected: isTrue(text('IsConnected')),
      isLocal: isTrue(text('IsLocal')),
      isTwinTurbo: isTrue(text('IsTwinTurbo')),
    };
    const autoCut = text('IsAutoCutSupported');
    if (autoCut !== undefined) printer.isAutoCutSupported = isTrue(autoCut);
    if (printer.name !== '') printers.push(printer);
  }
  return printers;
}

/**
 * The LabelWriter to print shipping labels on: the preferred one when the service lists it, else
 * the first connected one, else the first LabelWriter at all (newer services report
 * IsConnected=False for a printer that works, so the flag alone must not stop printing).
 */
export function pickLabelPrinter(
  printers: readonly DymoPrinter[],
  preferredName?: string | null,
): DymoPrinter | null {
  const labelWriters = printers.filter((p) => p.kind === 'LabelWriterPrinter');
  if (preferredName) {
    const preferred = labelWriters.find((p) => p.name === preferredName);
    if (preferred) return preferred;
  }
  return labelWriters.find((p) => p.isConnected) ?? labelWriters[0] ?? null;
}

/** pickLabelPrinter, or DymoError NO_PRINTER with docs/behaviour/messages.md message when there is none. */
export function requireLabelPrinter(
  printers: readonly DymoPrinter[],
  preferredName?: string | null,
): DymoPrinter {
  const printer = pickLabelPrinter(printers, preferredName);
  if (!printer) throw new DymoError('NO_PRINTER', DYMO_MESSAGES.noPrinter);
  return printer;
}

function isTrue(value: string | undefined): boolean {
  return value?.toLowerCase() === 'true';
}

function elementName(node: OrderedNode): string | undefined {
  return Object.keys(node).find(
    (key) => key !== ':@' && !key.startsWith('#') && !key.startsWith('?'),
  );
}

function childrenOf(nodes: OrderedNode[], name: string): OrderedNode[] {
  const found = nodes.find((node) => elementName(node) === name);
  return found ? (found[name] as OrderedNode[]) : [];
}

function textOf(nodes: OrderedNode[], name: string): string | undefined {
  const found = nodes.find((node) => elementName(node) === name);
  if (!found) return undefined;
  return (found[name] as OrderedNode[])
    .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
    .join('');
}
