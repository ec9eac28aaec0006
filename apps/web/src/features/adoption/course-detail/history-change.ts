import { ADOPTION_TYPES, type AdoptionHistoryItem, type AdoptionType } from '@csp/contracts';
import { formatDisplayDate } from '../../../lib/dates.ts';
import { adoptionTypeLabel } from './adoption-format.ts';

/** Names a section by id ("A1 (Fall 2026)"); the id itself when the screen does not know it. */
export type SectionNamer = (sectionId: number) => string;

/** "estimatedSectionEnrollment" -> "Estimated section enrollment". */
function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const NONE = '(none)';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A value of no field of its own: yes/no, MM/DD/YYYY, a list, or the text itself. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return DATE_ONLY.test(value) ? formatDisplayDate(value) : value;
  if (Array.isArray(value)) return value.length > 0 ? value.map(plain).join(', ') : NONE;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Format = (value: unknown, nameSection: SectionNamer) => string;

const section: Format = (value, nameSection) =>
  typeof value === 'number' ? nameSection(value) : plain(value);

const FORMATS: Record<string, Format> = {
  adoptionType: (value) =>
    (ADOPTION_TYPES as readonly unknown[]).includes(value)
      ? adoptionTypeLabel({ adoptionType: value as AdoptionType })
      : plain(value),
  sectionId: section,
  sectionIdList: (value, nameSection) =>
    Array.isArray(value) && value.length > 0
      ? value.map((id) => section(id, nameSection)).join(', ')
      : plain(value),
};

/** Fields the entries record, by the names the adoption's card and details give them. */
const LABELS: Record<string, string> = {
  adoptionType: 'Adoption type',
  sectionId: 'Section',
  sectionIdList: 'Sections',
  bindInComponentRequired: 'Bind-in component',
  printOnlyRequired: 'Print only',
  ia: 'Inclusive access',
  iapublisher: 'Inclusive access publisher',
  externalAdoptionNote: 'Note',
  description: 'Title',
  ean13: 'ISBN-13',
};

/** Boolean fields whose yes/no reads better as a state, with no field name before it. */
const STATES: Record<string, [whenTrue: string, whenFalse: string]> = {
  removed: ['removed', 'on the section'],
  active: ['active', 'ended'],
};

/**
 * Database ids (a title's, a proposed title's, an import's) mean nothing to a user; the entry
 * names what they stand for beside them. A section's id is the exception: it is shown by code.
 */
const isInternalId = (key: string) => key !== 'sectionId' && /Id$/.test(key);

function show(key: string, value: unknown, nameSection: SectionNamer): string {
  const states = STATES[key];
  if (states && typeof value === 'boolean') return states[value ? 0 : 1];
  const format = FORMATS[key];
  return format ? format(value, nameSection) : plain(value);
}

/**
 * What a history entry changed, one line per field that differs: "Section A1 (Fall 2026):
 * on the section → removed". A field both sides share (the section) says where it happened
 * rather than being a change of its own. A field with no "before" (everything an adoption is
 * made with) reads as its value alone: there was nothing for it to change from.
 */
export function describeChange(item: AdoptionHistoryItem, nameSection: SectionNamer): string[] {
  if (item.action === 'IMPORTED') return describeImport(item);
  const before = item.before ?? {};
  const after = item.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const sectionId = after['sectionId'] ?? before['sectionId'];
  const where =
    typeof sectionId === 'number' && before['sectionId'] === after['sectionId']
      ? `Section ${nameSection(sectionId)}: `
      : '';
  return keys
    .filter((key) => !(where && key === 'sectionId') && !isInternalId(key))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      const label = key in STATES ? '' : `${LABELS[key] ?? humanise(key)}: `;
      const to = show(key, after[key], nameSection);
      if (!(key in before)) return `${where}${label}${to}`;
      return `${where}${label}${show(key, before[key], nameSection)} → ${to}`;
    });
}

/**
 * An import's entry names the file it came from, then what the file said of the adoption: its
 * sections (by code: the file names no terms) and its answer to "required?", each "before →
 * after" when a re-import changed it. The import's id means something only on the Data Summary,
 * which clerks do not see, so it is left out.
 */
function describeImport(item: AdoptionHistoryItem): string[] {
  const after = item.after ?? {};
  const file = after['file'];
  const lines = [typeof file === 'string' && file ? `From file ${file}` : 'From an imported file'];
  const field = (label: string, key: string, format: (value: unknown) => string) => {
    if (!(key in after)) return;
    const to = format(after[key]);
    const from = item.before && key in item.before ? format(item.before[key]) : to;
    lines.push(from === to ? `${label}: ${to}` : `${label}: ${from} → ${to}`);
  };
  // Section codes as the file gave them: "A1, A2".
  field('Sections', 'sectionCodes', plain);
  field('Required', 'required', plain);
  return lines;
}

/**
 * Whether an entry records the adoption's making: CREATED in the portal, or an import's entry
 * with nothing before it (a re-import always says what it changed from).
 */
export function isCreation(item: Pick<AdoptionHistoryItem, 'action' | 'before'>): boolean {
  return item.action === 'CREATED' || (item.action === 'IMPORTED' && item.before === null);
}

export function isMessage(item: Pick<AdoptionHistoryItem, 'action'>): boolean {
  return item.action === 'MESSAGE_POSTED';
}
