import { z } from 'zod';

// Apart from adoption-deadlines.ts so that the catalog's contract (which that file imports for
// its calendar day) can filter by these without an import cycle.

/**
 * Where a section stands against its term's deadline (one rule, on the server):
 * - ON_TIME: its first adoption (no text required counts) was submitted on or before the
 *   deadline day, or at any time while the term has no deadline;
 * - LATE: submitted after the deadline day;
 * - MISSING: no adoption, and the deadline day has passed;
 * - OPEN: no adoption yet, and the deadline has not passed (or the term has none).
 * A section counts as adopted from its earliest adoption that still covers it.
 */
export const DEADLINE_STATUSES = ['ON_TIME', 'LATE', 'MISSING', 'OPEN'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];

export const DEADLINE_STATUS_LABELS: Record<DeadlineStatus, string> = {
  ON_TIME: 'On time',
  LATE: 'Late',
  MISSING: 'Missing',
  OPEN: 'Not adopted yet',
};

/** A list's filter by deadline standing (section research, the catalog). */
export const deadlineStatusFilter = z
  .enum(DEADLINE_STATUSES, { error: `must be one of ${DEADLINE_STATUSES.join(', ')}` })
  .optional();
