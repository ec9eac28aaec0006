import { z } from 'zod';
import { COST_DESIGNATIONS } from '../adoption/cost-transparency.ts';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { PUBLIC_BASE } from '../common/paths.ts';
import { textbookTerm, textbookTermQuery } from './textbook-list.ts';

/**
 * The registrar's schedule feed (issue 31, point 4; docs/demo.md#the-registrars-schedule-feed):
 * for each section of a term, its zero- or low-textbook-cost designation and the required cost
 * range, so the class schedule can show the marks. Public and cacheable like the textbook list,
 * whose rules it follows: no login, each website answers for its own store only, any term of
 * that store (the textbook list's term overview answers any of the store's terms too; only its
 * term picker leaves out terms that ended over a year ago), an ETag over the answer's bytes.
 *
 * Sections carry no identifier of the registrar's own (no CRN: the sections import keys a
 * section by division, term, department, course and section code), so department, course and
 * section code together are the identifiers the registrar knows; `sectionId` is the portal's.
 *
 * No generation time: the ETag is a digest of the answer, so it changes only when a designation
 * or a cost does, and a cache's Date header says when it was read.
 */
export const scheduleFeedSection = z.object({
  /** The portal's id of the section (stable, but not the registrar's). */
  sectionId: z.number().int(),
  departmentCode: z.string(),
  courseCode: z.string(),
  sectionCode: z.string(),
  courseName: z.string(),
  /** The store's override when it has one, else what the required materials make it. */
  designation: z.enum(COST_DESIGNATIONS),
  /** COST_DESIGNATION_LABELS' wording of `designation`. */
  designationLabel: z.string(),
  /**
   * The required materials at the cheapest and the dearest way the store offers each, in cents;
   * null: unknown (a required material has no price yet).
   */
  requiredCostLowCents: z.number().int().nullable(),
  requiredCostHighCents: z.number().int().nullable(),
});
export type ScheduleFeedSection = z.infer<typeof scheduleFeedSection>;

export const getScheduleFeed = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/scheduleFeed`,
  summary:
    "A term's sections with their cost designation (ZTC, LTC or none) and required cost range, by department, course and section code, for the registrar's class schedule",
  auth: false,
  access: { kind: 'public' },
  query: textbookTermQuery,
  response: z.object({
    storeName: z.string(),
    term: textbookTerm,
    sections: z.array(scheduleFeedSection),
  }),
  /** 304 when If-None-Match names its ETag. */
  success: { notModified: true },
});

/** The CSV columns, in order (one line per section; costs in dollars, empty when unknown). */
export const SCHEDULE_FEED_CSV_COLUMNS = [
  'Term',
  'Department',
  'Course',
  'Section',
  'Course Title',
  'Designation',
  'Designation Label',
  'Required cost (cheapest)',
  'Required cost (dearest)',
  'Section Id',
] as const;

export const getScheduleFeedCsv = endpoint({
  method: 'GET',
  path: `${PUBLIC_BASE}/scheduleFeed.csv`,
  summary: `The schedule feed of a term as CSV (text/csv, columns ${SCHEDULE_FEED_CSV_COLUMNS.join(', ')})`,
  auth: false,
  access: { kind: 'public' },
  query: textbookTermQuery,
  response: z.never(),
  success: { file: FILE_MEDIA_TYPES.csv, notModified: true },
});
