import { METRICS_REFUSAL, ON_TIME_REFUSAL } from '@csp/contracts';

/** What the metrics answer when they refuse (one place, so tests and docs agree). */
export const METRICS_MESSAGES = {
  /** A division of another store, unknown, or not one the caller reports on: one answer. */
  divisionNotReported: METRICS_REFUSAL,
  termNotFound: 'Term not found in that division',
  onTimeRefused: ON_TIME_REFUSAL,
} as const;
