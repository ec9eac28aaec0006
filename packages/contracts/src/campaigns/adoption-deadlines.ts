import { z } from 'zod';
import type { ActionAccess } from '../common/access.ts';
import { endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import { calendarDay } from '../adoption/course-catalog.ts';

/**
 * Adoption deadlines (issue 30, point 1): the store sets, per division and term, the day by
 * which adoptions are due, and sees how its sections stand against it. A term belongs to one
 * division, so a term's deadline is its division's for that term.
 *
 * Who: holders of MANAGE_ADOPTION_CAMPAIGNS whose grant covers the whole division (store-wide,
 * or on that division); a grant on a department or a course of it is not the division's
 * deadline. The list shows only those divisions' terms; a term of another division (or store)
 * answers 404 naming `termId`.
 */
const CAMPAIGN_ACTIONS = ['MANAGE_ADOPTION_CAMPAIGNS'] as const;

/** The list names nothing of the catalog: it is narrowed to the caller's divisions. */
const DEADLINES_LIST_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'store',
};
/** A term's deadline is its whole division's: the grant must cover the division. */
const TERM_DEADLINE_ACCESS: ActionAccess = {
  kind: 'action',
  anyOf: CAMPAIGN_ACTIONS,
  scope: 'division',
};

export {
  DEADLINE_STATUSES,
  DEADLINE_STATUS_LABELS,
  deadlineStatusFilter,
  type DeadlineStatus,
} from './deadline-statuses.ts';

export const deadlineAccountParams = z.object({ userAccountId: dbIdParam });
export const termDeadlineParams = z.object({ userAccountId: dbIdParam, termId: dbIdParam });

export const termDeadline = z.object({
  ...termFields,
  divisionId: z.number().int(),
  divisionName: z.string(),
  /** The last day adoptions are on time (YYYY-MM-DD), or null when the term has none. */
  deadline: z.string().nullable(),
  /** The term's sections, then how many stand where (they add up to `sections`). */
  sections: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  missing: z.number().int(),
  open: z.number().int(),
});
export type TermDeadline = z.infer<typeof termDeadline>;

export const getAdoptionDeadlines = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/adoptionDeadlines`,
  summary:
    "The terms not yet ended of the divisions the caller runs campaigns for, by division name then start date, each with its adoption deadline and its sections' standing against it",
  auth: true,
  access: DEADLINES_LIST_ACCESS,
  params: deadlineAccountParams,
  response: z.object({
    terms: z.array(termDeadline),
    /** The store's today (YYYY-MM-DD): what "the deadline has passed" is measured from. */
    today: z.string(),
  }),
});

export const setAdoptionDeadline = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/:userAccountId/adoptionDeadlines/:termId`,
  summary:
    "Sets (or, with null, clears) a term's adoption deadline; a day after the term's last day is refused. Answers the term as the list shows it.",
  auth: true,
  access: TERM_DEADLINE_ACCESS,
  params: termDeadlineParams,
  body: z.object({ deadline: calendarDay.nullable() }),
  response: termDeadline,
});

export const DEADLINE_MESSAGES = {
  termNotFound: 'No term of a division you run adoption campaigns for has this id.',
  afterTermEnd: "must be on or before the term's last day",
  refusal: 'You do not have permission to manage adoption deadlines.',
} as const;
