/**
 * The web app's page paths that other parts name: the server's e-mails and links, and the
 * web app's own routes. Kept apart from the endpoint schemas of their areas, so a page that
 * only links to one of them does not load those schemas (ADR 0053).
 */

/** The public textbook list (research/textbook-list.ts): no login, one store per website. */
export const TEXTBOOK_LIST_PATH = '/textbooks';

/**
 * The staff's cost reports (issue 31, points 5 and 6), under Section Research: the report by
 * department and term, and the cost gaps between sections of one course.
 */
export const COST_REPORT_PATH = '/research/costs';
export const COST_GAPS_PATH = '/research/cost-gaps';

/**
 * The student's own inclusive-access page on the store's website: where reminders send a
 * student, who asks there for a sign-in link to their address.
 */
export const IA_STUDENT_PAGE_PATH = '/my-course-access';
