import { z } from 'zod';

/**
 * What changed since a material was last adopted (issue 30, point 5), found for every title a
 * rollover carries forward or "Adopt the same as last time" adopts again, and shown in the
 * rollover preview, on the confirmation, in the store's rollover list and in its export.
 * - NEWER_EDITION: the catalog (the store's titles or the distributor's products) has the same
 *   work (same title and authors) in a later edition or a later publication year;
 * - NOT_OFFERED: the distributor no longer offers the title;
 * - OUT_OF_PRINT: the title is marked out of print;
 * - PRICE_CHANGE: its price moved by more than the store's threshold (10% unless set);
 * - SECTION_GONE: the earlier section has no counterpart in the target term;
 * - NEW_SECTION: a target section has no counterpart in the earlier term;
 * - ENROLLMENT_CHANGE: the section's enrollment moved by more than 25%.
 */
export const MATERIAL_CHANGE_KINDS = [
  'NEWER_EDITION',
  'NOT_OFFERED',
  'OUT_OF_PRINT',
  'PRICE_CHANGE',
  'SECTION_GONE',
  'NEW_SECTION',
  'ENROLLMENT_CHANGE',
] as const;
export type MaterialChangeKind = (typeof MATERIAL_CHANGE_KINDS)[number];

export const MATERIAL_CHANGE_LABELS: Record<MaterialChangeKind, string> = {
  NEWER_EDITION: 'Newer edition',
  NOT_OFFERED: 'No longer offered',
  OUT_OF_PRINT: 'Out of print',
  PRICE_CHANGE: 'Price change',
  SECTION_GONE: 'Section gone',
  NEW_SECTION: 'New section',
  ENROLLMENT_CHANGE: 'Enrollment change',
};

/**
 * Whether the distributor offers a product (its feed's `availability` column): still offered,
 * no longer offered, or out of print.
 */
export const PRODUCT_AVAILABILITIES = ['AVAILABLE', 'NOT_OFFERED', 'OUT_OF_PRINT'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITIES)[number];

/** Enrollment moving by more than this share (either way) is a change worth a look. */
export const ENROLLMENT_CHANGE_SHARE = 0.25;
/** The price change threshold, in percent, when the store has not set its own. */
export const DEFAULT_PRICE_CHANGE_PERCENT = 10;

/** One change found, with the sentence a person reads ("Newer edition: 12th ed. (2024), ISBN …"). */
export const materialChange = z.object({
  kind: z.enum(MATERIAL_CHANGE_KINDS),
  message: z.string(),
  /** NEWER_EDITION: the newer title's ISBN-13, hyphenated, to adopt instead. */
  newerIsbn: z.string().nullable().optional(),
});
export type MaterialChange = z.infer<typeof materialChange>;
