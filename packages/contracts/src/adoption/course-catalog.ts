import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { FULL_REPORTER_ACTIONS } from '../metrics/division-metrics.ts';
import { ADOPT_ACTIONS } from '../common/roles.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { authCourse, authDepartment, authDivision } from '../permissions/catalog-picker.ts';
import { pagedResponse, pagingFields } from '../common/paging.ts';
import { ADOPTION_BASE } from '../common/paths.ts';
import { optionalText, refineSectionDates } from '../common/filters.ts';
import { adoptionAccountParams, catalogActionType } from './adoption-lists.ts';
import { deadlineStatusFilter } from '../campaigns/deadline-statuses.ts';
import { costDesignationFilter } from './cost-transparency.ts';

/** docs/behaviour/constants.md: the catalog's date filter runs from today to 187 days ahead, open sections only. */
export const CATALOG_DATE_WINDOW_DAYS = 187;

/** A 'YYYY-MM-DD' day moved by whole days (calendar arithmetic; an unreadable day unchanged). */
function shiftDay(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The date window the course list counts sections in (server and web read it alike): unset
 * means today .. 187 days ahead, and a window given by one end alone keeps its 187 days.
 */
export function catalogDateWindow(
  from: string | undefined,
  to: string | undefined,
  today: string,
): { from: string; to: string } {
  const start = from || (to && to < today ? shiftDay(to, -CATALOG_DATE_WINDOW_DAYS) : today);
  return { from: start, to: to || shiftDay(start, CATALOG_DATE_WINDOW_DAYS) };
}

/** docs/behaviour/entities.md#course `nextStartDate` when no section of the course starts today or later. */
export const PENDING_START = 'PENDING';

/** docs/behaviour/constants.md: a course whose adoptionStatus is 'complete' shows Y, any other status N. */
export const ADOPTION_STATUSES = ['complete', 'incomplete'] as const;
export type AdoptionStatus = (typeof ADOPTION_STATUSES)[number];

/** The catalog's sortable columns (docs/behaviour/constants.md: default next start date, ascending). */
export const COURSE_SORT_FIELDS = [
  'nextStartDate',
  'courseCode',
  'courseName',
  'departmentCode',
  'departmentName',
  'divisionName',
  'adoptionStatus',
  'responseRequired',
  'sectionCount',
] as const;
export type CourseSortField = (typeof COURSE_SORT_FIELDS)[number];

/** A calendar date as sent (docs/behaviour/constants.md: YYYY-MM-DD), checked to be a real day. */
export const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2200;
  }, 'is not a calendar date');

/** An optional code filter: blank means "any". */
const codeFilter = optionalText(50);

/**
 * The catalog's filters (docs/behaviour/calls.md#adoption-base getCourseList body). The date window defaults to today .. 187
 * days ahead on the server (the store's today, not the browser's); one end given alone keeps
 * 187 days. A search string overrides every other filter, the dates and `open` included (spec
 * docs/behaviour/validation.md): it finds courses in the caller's scope by code or by words of their name, and counts
 * their sections that have not ended (ADR 0010).
 */
export const courseListRequest = z
  .object({
    actionType: catalogActionType.default('ALL_COURSES'),
    divisionId: dbId.nullish(),
    departmentCode: codeFilter,
    courseCode: codeFilter,
    searchString: optionalText(100),
    sectionStartDate: calendarDay.optional(),
    sectionEndDate: calendarDay.optional(),
    open: z.boolean({ error: 'must be true or false' }).default(true),
    /** Courses with a counted section in this standing against its term's deadline (issue 30). */
    deadlineStatus: deadlineStatusFilter,
    /** Courses with a counted section of this designation (issue 31). */
    costDesignation: costDesignationFilter,
    ...pagingFields({
      sortFields: COURSE_SORT_FIELDS,
      defaultSort: 'nextStartDate',
      defaultDirection: 'asc',
      sizeKey: 'coursesPerPage',
    }),
  })
  .superRefine((body, ctx) => {
    refineSectionDates(body, ctx);
    if ((body.departmentCode || body.courseCode) && !body.divisionId)
      ctx.addIssue({
        code: 'custom',
        path: ['divisionId'],
        message: 'is needed with a department or course code',
      });
    if (body.courseCode && !body.departmentCode)
      ctx.addIssue({
        code: 'custom',
        path: ['departmentCode'],
        message: 'is needed with a course code',
      });
  });
export type CourseListRequest = z.input<typeof courseListRequest>;
/** A catalog request after its defaults apply (what the server works with). */
export type CourseListFilters = z.output<typeof courseListRequest>;

/** docs/behaviour/entities.md#course, as one row of the catalog. */
export const courseDTO = z.object({
  courseId: z.number().int(),
  divisionId: z.number().int(),
  divisionName: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** The earliest start of a section starting today or later, or PENDING. */
  nextStartDate: z.string(),
  adoptionStatus: z.enum(ADOPTION_STATUSES),
  responseRequired: z.boolean(),
  /** Sections of the course inside the date window (those adoptionStatus speaks for). */
  sectionCount: z.number().int(),
  /** Of those, sections with an adoption or a no-text-required record. */
  adoptedSectionCount: z.number().int(),
  noTextRequiredSectionCount: z.number().int(),
  /** Of those, sections first adopted after their term's adoption deadline. */
  lateSectionCount: z.number().int(),
  /** Of those, sections with no adoption once their term's deadline has passed. */
  missingSectionCount: z.number().int(),
  /** Of those, sections showing zero and low textbook cost (courseCostMark reads them). */
  ztcSectionCount: z.number().int(),
  ltcSectionCount: z.number().int(),
});
export type CourseDTO = z.infer<typeof courseDTO>;

export const getCourseList = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/getCourseList`,
  summary:
    "One page of the courses in the caller's adoption scope that have sections in the date window",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  body: courseListRequest,
  response: pagedResponse('courseDTOList', courseDTO),
});

/** How an export reached the user: the workbook itself, or a message that it was e-mailed. */
export const exportCatalog = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/exportCatalog`,
  summary:
    'The filtered catalog (every page) as an .xlsx workbook, one row per course, section and adopted material: downloaded, or e-mailed when `email` or `overrideEmail` is given',
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  query: z.object({
    overrideEmail: z
      .string()
      .trim()
      .max(254, 'must be at most 254 characters')
      .email('must be an e-mail address')
      .optional(),
    email: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
  }),
  body: courseListRequest,
  /** When e-mailed; a download answers the workbook itself. */
  response: z.object({ emailedTo: z.string(), rowCount: z.number().int() }),
  /** The workbook, or when e-mailed the JSON above. */
  success: { json: [200], file: FILE_MEDIA_TYPES.xlsx },
});

export const sendFutureAdoptionsEmail = endpoint({
  method: 'POST',
  path: `${ADOPTION_BASE}/:userAccountId/sendFutureAdoptionsEmail`,
  summary:
    "E-mails a course's instructors and submitters the adoptions on its sections that start in the future",
  auth: true,
  access: {
    kind: 'action',
    anyOf: ADOPT_ACTIONS,
    scope: 'catalog',
    then: { anyOf: ['ADOPT_CMA_TEAM', 'ADOPT_COURSE'], refusal: 403 },
  },
  params: adoptionAccountParams,
  body: z.object({
    divisionId: dbId,
    departmentCode: withoutNul(z.string().trim().min(1, 'must be a department code').max(50)),
    courseCode: withoutNul(z.string().trim().min(1, 'must be a course code').max(50)),
  }),
  response: z.object({
    /** Who was e-mailed. */
    recipients: z.array(z.string()),
    /** Addresses the mail server refused (the rest were sent). */
    notDelivered: z.array(z.string()),
    adoptionCount: z.number().int(),
  }),
});

/** docs/behaviour/calls.md#adoption-base AdoptionProgress: one row per term and division. */
export const adoptionProgressRow = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  termId: z.number().int(),
  termName: z.string(),
  termStartDate: z.string(),
  sectionsTotal: z.number().int(),
  sectionsAdopted: z.number().int(),
  sectionsNoTextRequired: z.number().int(),
  sectionsOutstanding: z.number().int(),
  adoptionsNeedingResponse: z.number().int(),
  /** The term's adoption deadline (YYYY-MM-DD), or null when it has none (issue 30). */
  adoptionDeadline: z.string().nullable(),
  /** Sections first adopted after the deadline day. */
  sectionsLate: z.number().int(),
  /** Sections with no adoption once the deadline day has passed. */
  sectionsMissing: z.number().int(),
  /** Sections first adopted on or before the deadline day (all adopted ones without one). */
  sectionsOnTime: z.number().int(),
  /**
   * The departments with the most sections missing, most first (at most three, ties by
   * code): where a store asks department chairs to chase. Empty while none is missing.
   */
  mostMissingDepartments: z.array(
    z.object({ departmentCode: z.string(), departmentName: z.string(), missing: z.number().int() }),
  ),
  /** E-mails the term's adoption campaign has sent (reminders and digests; issue 30). */
  campaignEmailsSent: z.number().int(),
});
export type AdoptionProgressRow = z.infer<typeof adoptionProgressRow>;

export const getAdoptionProgressSummary = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionProgressSummary`,
  summary:
    "Adoption progress per term and division, over the sections in the caller's adoption scope of terms that have not ended",
  auth: true,
  access: { kind: 'action', anyOf: [...ADOPT_ACTIONS, ...FULL_REPORTER_ACTIONS], scope: 'store' },
  params: adoptionAccountParams,
  response: z.object({ adoptionProgress: z.array(adoptionProgressRow) }),
});

/**
 * The catalog filter's pickers: the divisions, departments and courses of the caller's adoption
 * scope (a department-scoped submitter is offered only that department), in the shapes of the
 * permission pickers.
 */
export const getAdoptionDivisions = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionDivisions`,
  summary: "Divisions with courses in the caller's adoption scope, sorted by name",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  response: z.array(authDivision),
});

export const getAdoptionDepartments = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionDepartments`,
  summary:
    "Departments of a division with courses in the caller's adoption scope, sorted by name (empty names dropped)",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  query: z.object({ divisionId: dbIdParam }),
  response: z.array(authDepartment),
});

export const getAdoptionCourses = endpoint({
  method: 'GET',
  path: `${ADOPTION_BASE}/:userAccountId/getAdoptionCourses`,
  summary: "Courses of a department in the caller's adoption scope, sorted by code",
  auth: true,
  access: { kind: 'action', anyOf: ADOPT_ACTIONS, scope: 'store' },
  params: adoptionAccountParams,
  query: z.object({
    divisionId: dbIdParam,
    departmentCode: withoutNul(z.string().trim().min(1, 'must be a department code').max(50)),
  }),
  response: z.array(authCourse),
});
