import { z } from 'zod';
import { DEADLINE_STATUSES, deadlineStatusFilter } from '../campaigns/deadline-statuses.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbId } from '../common/errors.ts';
import { pageNumber, pageSize, sortDirection, DEFAULT_PAGE_SIZE } from '../common/paging.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import { optionalText, refineSectionDates } from '../common/filters.ts';
import { calendarDay } from '../adoption/course-catalog.ts';
import { COST_DESIGNATIONS, costDesignationFilter } from '../adoption/cost-transparency.ts';
import { researchAccountParams } from './research-lookups.ts';

/** docs/behaviour/entities.md#section-adoption-status-labels, verbatim. */
export const SECTION_STATUS_LABELS = {
  OUTSTANDING: 'Outstanding',
  NEEDS_INFORMATION: 'Additional Information Needed',
} as const;

/**
 * Where a section stands on adoptions, in the order the list sorts them: nothing adopted yet
 * (Outstanding), an adoption waiting for the submitter's answer (Additional Information Needed),
 * only a no-text-required record, or at least one material.
 */
export const SECTION_ADOPTION_STATUSES = [
  'OUTSTANDING',
  'NEEDS_INFORMATION',
  'NO_TEXT_REQUIRED',
  'ADOPTED',
] as const;
export type SectionAdoptionStatus = (typeof SECTION_ADOPTION_STATUSES)[number];

/** What each status reads as where the spec gives no label (the two it gives are verbatim). */
export const SECTION_STATUS_TEXT: Record<SectionAdoptionStatus, string> = {
  OUTSTANDING: SECTION_STATUS_LABELS.OUTSTANDING,
  NEEDS_INFORMATION: SECTION_STATUS_LABELS.NEEDS_INFORMATION,
  NO_TEXT_REQUIRED: 'No text required',
  ADOPTED: 'Adopted',
};

/** docs/behaviour/constants.md: the section date filter runs from 4 months back to 1 month ahead. */
export const SECTION_DATE_WINDOW = { monthsBack: 4, monthsAhead: 1 } as const;

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // The last day of a shorter month stands in for a day it does not have (31 Mar - 1 = 28 Feb).
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(d, lastDay.getUTCDate()));
  return target.toISOString().slice(0, 10);
}

/** The default date filter around `today` (YYYY-MM-DD), as YYYY-MM-DD (docs/behaviour/constants.md). */
export function sectionDateDefaults(today: string): { from: string; to: string } {
  return {
    from: addMonths(today, -SECTION_DATE_WINDOW.monthsBack),
    to: addMonths(today, SECTION_DATE_WINDOW.monthsAhead),
  };
}

/** The section list's sortable columns (docs/behaviour/constants.md: default start date, descending). */
export const SECTION_SORT_FIELDS = [
  'startDate',
  'endDate',
  'courseCode',
  'courseName',
  'sectionCode',
  'termName',
  'professors',
  'enrollmentCount',
  'listingCount',
  'adoptionStatus',
] as const;
export type SectionSortField = (typeof SECTION_SORT_FIELDS)[number];
export const DEFAULT_SECTION_SORT: { field: SectionSortField; direction: 'desc' } = {
  field: 'startDate',
  direction: 'desc',
};

/**
 * A page boundary of the section list: opaque to clients (the server encodes the sort values
 * of a row and its id). Pages are read by keyset, so page 500 costs what page 1 does.
 */
export const sectionCursor = z
  .string()
  .max(600, 'is not a page cursor')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a page cursor');

/**
 * docs/behaviour/calls.md#sections sectionList: the filters (ids from the lookups; a section date window on the start
 * date; an adoption status; free text matching the start of a course code, a word of the
 * course name, or a section code), the sort, and a page given by a cursor: `after` the last
 * row of a page for the next one, `before` its first row for the previous one, `last` for the
 * final page, none for the first. `page` is the page number the client shows; it is echoed.
 */
export const sectionListRequest = z
  .object({
    divisionId: dbId.nullish(),
    termId: dbId.nullish(),
    departmentId: dbId.nullish(),
    courseId: dbId.nullish(),
    professorId: dbId.nullish(),
    sectionStartDate: calendarDay.optional(),
    sectionEndDate: calendarDay.optional(),
    adoptionStatus: z
      .enum(SECTION_ADOPTION_STATUSES, {
        error: `must be one of ${SECTION_ADOPTION_STATUSES.join(', ')}`,
      })
      .optional(),
    /** Where the sections stand against their term's adoption deadline (issue 30). */
    deadlineStatus: deadlineStatusFilter,
    /** The designation the sections show (the store's override, else the kept one; issue 31). */
    costDesignation: costDesignationFilter,
    searchString: optionalText(100),
    sortField: z
      .enum(SECTION_SORT_FIELDS, { error: `must be one of ${SECTION_SORT_FIELDS.join(', ')}` })
      .default(DEFAULT_SECTION_SORT.field),
    sortDirection: sortDirection.default(DEFAULT_SECTION_SORT.direction),
    pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
    page: pageNumber.default(1),
    after: sectionCursor.optional(),
    before: sectionCursor.optional(),
    last: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => {
    refineSectionDates(body, ctx);
    const boundaries = [body.after, body.before, body.last ? 'last' : undefined].filter(Boolean);
    if (boundaries.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: [body.after ? 'before' : 'last'],
        message: 'cannot be given with another page boundary (after, before, last)',
      });
  });
export type SectionListRequest = z.input<typeof sectionListRequest>;
export type SectionListFilters = z.output<typeof sectionListRequest>;

/** docs/behaviour/entities.md#section, as one row of the list. */
export const sectionRow = z.object({
  sectionId: z.number().int(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  departmentCode: z.string(),
  courseId: z.number().int(),
  courseCode: z.string(),
  courseName: z.string(),
  sectionCode: z.string(),
  ...termFields,
  /** "Last, First" of each professor, by last name. */
  professors: z.array(z.string()),
  enrollmentCount: z.number().int(),
  /** Active adoption listings covering the section (its own and the course's auto adoptions). */
  listingCount: z.number().int(),
  sectionHasNTRAdoption: z.boolean(),
  sectionHasNonNTRAdoption: z.boolean(),
  /** Only a no-text-required record covers the section. */
  noTextRequired: z.boolean(),
  adoptionStatus: z.enum(SECTION_ADOPTION_STATUSES),
  /** Its term's adoption deadline (YYYY-MM-DD), or null when the term has none. */
  adoptionDeadline: z.string().nullable(),
  /** Where it stands against that deadline (DEADLINE_STATUSES' rule, on the server's today). */
  deadlineStatus: z.enum(DEADLINE_STATUSES),
  /** What the section shows: the store's override, else the kept designation (issue 31). */
  designation: z.enum(COST_DESIGNATIONS),
  /** Its required materials at the cheapest and the dearest way offered, in cents; null: unknown. */
  requiredCostLowCents: z.number().int().nullable(),
  requiredCostHighCents: z.number().int().nullable(),
});
export type SectionRow = z.infer<typeof sectionRow>;

export const sectionPageInfo = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Send as `before` for the previous page; null on an empty page. */
  startCursor: z.string().nullable(),
  /** Send as `after` for the next page; null on an empty page. */
  endCursor: z.string().nullable(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type SectionPageInfo = z.infer<typeof sectionPageInfo>;

export const sectionList = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/:userAccountId/sectionList`,
  summary:
    "One page of the sections in the caller's VIEW_SECTION scope that match the filters, in the chosen order, with the number that match",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'store' },
  params: researchAccountParams,
  body: sectionListRequest,
  response: z.object({
    sections: z.array(sectionRow),
    pageInfo: sectionPageInfo,
    totalSections: z.number().int(),
  }),
});

/** docs/behaviour/constants.md: the adoptions count shows NMR when no text is required and the listing count is 1. */
export function sectionAdoptionsText(row: Pick<SectionRow, 'noTextRequired' | 'listingCount'>) {
  return row.noTextRequired && row.listingCount === 1 ? 'NMR' : String(row.listingCount);
}
