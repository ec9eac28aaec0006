import { COST_DESIGNATIONS } from '@csp/contracts';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { reference } from './columns.ts';
import { sections } from './catalog.ts';
import { activityEntry, tenantKey } from './tenant-columns.ts';

/**
 * The history of a section's designation overrides (issue 31, point 2): each time the store
 * sets or clears one, with its reason. The section's `designationOverride` is the last entry's.
 */
export const sectionDesignationOverrides = pgTable(
  'section_designation_overrides',
  {
    ...tenantKey(),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    ...activityEntry(),
    /** The designation set; null: the override was cleared (the kept one shows again). */
    designation: text({ enum: COST_DESIGNATIONS }),
    reason: text().notNull(),
  },
  (t) => [index('section_designation_overrides_section_idx').on(t.sectionId, t.at)],
);
