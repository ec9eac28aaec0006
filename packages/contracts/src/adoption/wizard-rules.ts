import type { AdoptionSection } from './course-access.ts';

/** docs/behaviour/constants.md: sections starting within 200 days can be chosen, 360 with "show all". */
export const SECTION_HORIZON_DAYS = 200;
export const SECTION_HORIZON_SHOW_ALL_DAYS = 360;

/** Which wizard flow a section is chosen in: a material, or "no text required" (docs/behaviour/validation.md). */
export type SelectionFlow = 'material' | 'noMaterials';

const DAY_MS = 86_400_000;

const MARKED_NO_TEXT = 'Already marked no text required';
const HAS_MATERIALS = 'Already has adopted materials';

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
  if (section.sectionHasNTRAdoption) return MARKED_NO_TEXT;
  if (options.flow === 'noMaterials' && section.sectionHasNonNTRAdoption) return HAS_MATERIALS;
  return null;
}

/** A section as people name it: its code and its term, since a course repeats codes each term. */
export function sectionLabel(section: Pick<AdoptionSection, 'sectionCode' | 'termName'>): string {
  return `${section.sectionCode} (${section.termName})`;
}

type WholeCourseSection = Pick<
  AdoptionSection,
  'sectionCode' | 'termName' | 'sectionHasNTRAdoption' | 'sectionHasNonNTRAdoption'
>;

/**
 * Why an auto adoption cannot cover the whole course: the first open section it may not cover
 * (one marked no text required; for an auto "no text required", one with adopted materials) and
 * why; null when it can. The wizard asks before submit and the server refuses with the same.
 */
export function wholeCourseBlock<S extends WholeCourseSection>(
  sections: readonly S[],
  flow: SelectionFlow,
): { section: S; reason: string } | null {
  for (const section of sections) {
    if (section.sectionHasNTRAdoption) return { section, reason: MARKED_NO_TEXT };
    if (flow === 'noMaterials' && section.sectionHasNonNTRAdoption) {
      return { section, reason: HAS_MATERIALS };
    }
  }
  return null;
}

/** The refusal of a section that cannot be chosen, naming it with its term. */
export function sectionBlockedMessage(
  section: Pick<AdoptionSection, 'sectionCode' | 'termName'>,
  reason: string,
): string {
  return `Section ${sectionLabel(section)} cannot be chosen: ${reason}.`;
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
