import type { AdoptionSection } from './course-access.ts';

/** docs/behaviour/constants.md: sections starting within 200 days can be chosen, 360 with "show all". */
export const SECTION_HORIZON_DAYS = 200;
export const SECTION_HORIZON_SHOW_ALL_DAYS = 360;

/** Which wizard flow a section is chosen in: a material, or "no text required" (docs/behaviour/validation.md). */
export type SelectionFlow = 'material' | 'noMaterials';

const DAY_MS = 86_400_000;

/** The calendar day `days` after `day` (YYYY-MM-DD, UTC calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

const mmddyyyy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Why a section cannot be chosen, in words for the person choosing; null when it can. */
export function sectionBlockedReason(
  section: Pick<
    AdoptionSection,
    'startDate' | 'sectionHasNTRAdoption' | 'sectionHasNonNTRAdoption'
  >,
  options: { today: string; showAll: boolean; flow: SelectionFlow },
): string | null {
  const horizonDays = options.showAll ? SECTION_HORIZON_SHOW_ALL_DAYS : SECTION_HORIZON_DAYS;
  const horizon = addDays(options.today, horizonDays);
  if (section.startDate > horizon) {
    return `Starts ${mmddyyyy(section.startDate)}, after the ${horizonDays}-day horizon (${mmddyyyy(horizon)})`;
  }
  if (section.sectionHasNTRAdoption) return 'Already marked no text required';
  if (options.flow === 'noMaterials' && section.sectionHasNonNTRAdoption) {
    return 'Already has adopted materials';
  }
  return null;
}

/**
 * docs/behaviour/validation.md: the earliest start date an adoption may have. In the no-materials flow it is the
 * earliest start of the sections that can be marked no text required (the day after today
 * when there are none); in other flows it is today.
 */
export function earliestStartDate(
  sections: readonly Pick<
    AdoptionSection,
    'startDate' | 'sectionHasNTRAdoption' | 'sectionHasNonNTRAdoption'
  >[],
  options: { today: string; flow: SelectionFlow },
): string {
  if (options.flow !== 'noMaterials') return options.today;
  const starts = sections
    .filter(
      (s) =>
        sectionBlockedReason(s, { today: options.today, showAll: true, flow: 'noMaterials' }) ===
        null,
    )
    .map((s) => s.startDate)
    .sort();
  return starts[0] ?? addDays(options.today, 1);
}
