import { z } from 'zod';

/**
 * Course-material cost transparency (issue 31; docs/behaviour/flows.md#cost-transparency): what
 * kind of material each title and adoption is, what a section's required materials cost a
 * student, and the zero- and low-cost designations class schedules show.
 */

/**
 * What a material is, for what a student pays:
 * - COMMERCIAL_PRINT / COMMERCIAL_DIGITAL: bought from the store (new, used, rented or digital);
 * - INCLUSIVE_ACCESS: digital access billed through the student's account;
 * - OER: an open educational resource (with its licence and address), free;
 * - LIBRARY_LICENSED: an e-book the library licenses for every enrolled student (with the
 *   library's link); free unless the store's setting says it does not count as zero;
 * - FREE: free to students otherwise (a free digital material, a handout).
 */
export const MATERIAL_KINDS = [
  'COMMERCIAL_PRINT',
  'COMMERCIAL_DIGITAL',
  'INCLUSIVE_ACCESS',
  'OER',
  'LIBRARY_LICENSED',
  'FREE',
] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = {
  COMMERCIAL_PRINT: 'Commercial print',
  COMMERCIAL_DIGITAL: 'Commercial digital',
  INCLUSIVE_ACCESS: 'Inclusive access',
  OER: 'Open educational resource',
  LIBRARY_LICENSED: 'Library-licensed',
  FREE: 'Free to students',
};

/** The kinds a student never pays for (LIBRARY_LICENSED subject to the store's setting). */
export const FREE_MATERIAL_KINDS: readonly MaterialKind[] = ['OER', 'LIBRARY_LICENSED', 'FREE'];

/** The ways the store offers a bought title, each with its own price (null: not offered so). */
export const PRICE_OPTIONS = ['NEW', 'USED', 'RENTAL', 'DIGITAL'] as const;
export type PriceOption = (typeof PRICE_OPTIONS)[number];

export const PRICE_OPTION_LABELS: Record<PriceOption, string> = {
  NEW: 'New',
  USED: 'Used',
  RENTAL: 'Rental',
  DIGITAL: 'Digital',
};

/**
 * A section's designation: zero textbook cost (no required material a student pays for), low
 * textbook cost (the required materials at the cheapest way offered cost at most the store's
 * threshold), or neither.
 */
export const COST_DESIGNATIONS = ['ZTC', 'LTC', 'NONE'] as const;
export type CostDesignation = (typeof COST_DESIGNATIONS)[number];

export const COST_DESIGNATION_LABELS: Record<CostDesignation, string> = {
  ZTC: 'Zero textbook cost',
  LTC: 'Low textbook cost',
  NONE: 'No cost designation',
};

/** The short marks staff screens show on a chip (the full label is its title). */
export const COST_DESIGNATION_SHORT_LABELS: Record<CostDesignation, string> = {
  ZTC: 'ZTC',
  LTC: 'LTC',
  NONE: '—',
};

/** A staff list's "Textbook cost" filter (section research, the catalog): absent means any. */
export const costDesignationFilter = z
  .enum(COST_DESIGNATIONS, { error: `must be one of ${COST_DESIGNATIONS.join(', ')}` })
  .optional();

/**
 * A course's mark in the catalog, over the sections its row speaks for: ZTC when every one is
 * zero cost; LTC when every one is zero or low cost (a student pays at most the threshold
 * whichever section they take); otherwise SOME_ZTC / SOME_LTC when a student can still choose
 * a zero (else low) cost section; null when none is either, or the course has none counted.
 */
export const COURSE_COST_MARKS = ['ZTC', 'LTC', 'SOME_ZTC', 'SOME_LTC'] as const;
export type CourseCostMark = (typeof COURSE_COST_MARKS)[number];

export const COURSE_COST_MARK_LABELS: Record<CourseCostMark, string> = {
  ZTC: 'ZTC',
  LTC: 'LTC',
  SOME_ZTC: 'Some sections ZTC',
  SOME_LTC: 'Some sections LTC',
};

export function courseCostMark(counts: {
  sectionCount: number;
  ztcSectionCount: number;
  ltcSectionCount: number;
}): CourseCostMark | null {
  const { sectionCount: all, ztcSectionCount: ztc, ltcSectionCount: ltc } = counts;
  if (all === 0) return null;
  if (ztc === all) return 'ZTC';
  if (ztc + ltc === all) return 'LTC';
  if (ztc > 0) return 'SOME_ZTC';
  return ltc > 0 ? 'SOME_LTC' : null;
}

/** The low-cost threshold when the store has not set its own ($40, in cents). */
export const DEFAULT_LTC_THRESHOLD_CENTS = 4000;
/** Sections of one course whose required cost differs by more than this are a gap ($50). */
export const DEFAULT_COST_GAP_THRESHOLD_CENTS = 5000;
/** How long an override's reason may be. */
export const MAX_DESIGNATION_REASON_LENGTH = 500;
