import { FULFILLMENT_TYPE_LABELS, type RequiredMaterial } from '@csp/contracts';

export type OwnedTone = 'have' | 'ordered' | 'missing';

export const STILL_NEEDED = 'Still needed';

const STATUS: Record<string, string> = { PENDING: 'on order', FULFILLED: 'has it' };

/**
 * What the student has of a material: "Has it: Rent used" when fulfilled, "On order: Buy new"
 * while pending, else "Still needed" (stressed on screen: it is what the clerk acts on).
 */
export function ownedText(m: Pick<RequiredMaterial, 'owned'>): { text: string; tone: OwnedTone } {
  if (!m.owned) return { text: STILL_NEEDED, tone: 'missing' };
  const labels = FULFILLMENT_TYPE_LABELS as Record<string, string>;
  const type = labels[m.owned.fulfillmentType] ?? m.owned.fulfillmentType;
  const status = STATUS[m.owned.status] ?? m.owned.status.toLowerCase();
  const text = `${status.charAt(0).toUpperCase()}${status.slice(1)}: ${type}`;
  return { text, tone: m.owned.status === 'FULFILLED' ? 'have' : 'ordered' };
}
