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

export function isMessage(item: Pick<AdoptionHistoryItem, 'action'>): boolean {
  return item.action === 'MESSAGE_POSTED';
}
