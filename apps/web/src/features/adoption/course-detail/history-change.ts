import type { AdoptionHistoryItem } from '@csp/contracts';

/** Names a section by id ("A1 (Fall 2026)"); the id itself when the screen does not know it. */
export type SectionNamer = (sectionId: number) => string;

/** "estimatedSectionEnrollment" -> "Estimated section enrollment". */
function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Boolean fields whose yes/no reads better as a state. */
const STATES: Record<string, [whenTrue: string, whenFalse: string]> = {
  removed: ['removed', 'on the section'],
  active: ['active', 'ended'],
};

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') {
    const states = STATES[key];
    return states ? states[value ? 0 : 1] : value ? 'yes' : 'no';
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * What a history entry changed, one line per field that differs: "Section A1 (Fall 2026):
 * on the section → removed". A field both sides share (the section) says where it happened
 * rather than being a change of its own.
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
    .filter((key) => !(where && key === 'sectionId'))
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => {
      const label = key === 'removed' || key === 'active' ? '' : `${humanise(key)}: `;
      const from =
        key === 'sectionId' && typeof before[key] === 'number'
          ? nameSection(before[key])
          : show(key, before[key]);
      const to =
        key === 'sectionId' && typeof after[key] === 'number'
          ? nameSection(after[key])
          : show(key, after[key]);
      return `${where}${label}${from} → ${to}`;
    });
}

/** Section codes as the file gave them: "A1, A2". */
function codes(value: unknown): string {
  return Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : '(none)';
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
  field('Sections', 'sectionCodes', codes);
  field('Required', 'required', (value) => show('required', value));
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
