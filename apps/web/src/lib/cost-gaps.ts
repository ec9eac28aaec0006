import type { CostGapSection, CostGapSectionRef } from '@csp/contracts';
import { costRangeText, formatMoney } from './money.ts';

/**
 * How course detail's "Cost gaps" panel and the cost gaps report word a gap
 * (docs/behaviour/flows.md#cost-transparency), so both say the same.
 */

/** "Section 002 (Deja Reed)"; without an instructor, the section alone. */
export function gapSectionName(section: CostGapSectionRef): string {
  const who = section.professorNames.join(', ');
  return who ? `Section ${section.sectionCode} (${who})` : `Section ${section.sectionCode}`;
}

/** "$20.00 – $35.00", or "cost unknown". */
export function gapCostText(section: CostGapSectionRef): string {
  return costRangeText(section.lowCents, section.highCents) ?? 'cost unknown';
}

/** Why the section is a gap: "$50.01 more at the cheapest; other required materials". */
export function gapReasonText(gap: CostGapSection): string {
  const reasons: string[] = [];
  if (gap.costDiffers && gap.differenceCents !== null) {
    reasons.push(`${formatMoney(gap.differenceCents)} more at the cheapest`);
  }
  if (gap.materialsDiffer) reasons.push('other required materials');
  return reasons.join('; ');
}

/** The rule in a sentence, with the store's threshold (`null`: not loaded yet, named in words). */
export function gapRuleText(thresholdCents: number | null): string {
  const threshold = thresholdCents === null ? 'the store’s threshold' : formatMoney(thresholdCents);
  return `Sections whose required materials cost more than ${threshold} above the cheapest section at the cheapest way, or that require other materials.`;
}
