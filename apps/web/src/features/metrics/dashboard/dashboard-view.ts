import { z } from 'zod';
import type { MetricsDivision, MetricsTerm } from '@csp/contracts';
import { useUrlState } from '../../../lib/url-state.ts';

/**
 * The dashboard's tab and term as `?division=&term=`, so a reload, the back button or a shared
 * link opens the same figures. 0 (left out of the URL) means "the default": the first division
 * by name, and that division's own default term.
 */
const DASHBOARD_URL_SCHEMA = z.object({
  division: z.coerce.number().int().min(0),
  term: z.coerce.number().int().min(0),
});
const DASHBOARD_DEFAULTS = { division: 0, term: 0 };

export type DashboardUrl = z.output<typeof DASHBOARD_URL_SCHEMA>;

export function useDashboardUrl() {
  return useUrlState(DASHBOARD_URL_SCHEMA, DASHBOARD_DEFAULTS);
}

/**
 * The tab to show: the one the URL names when the caller reports on it, else the first (the
 * server sorts by name). A link from someone with other divisions falls back quietly.
 */
export function chooseDivision(
  divisions: readonly MetricsDivision[],
  requested: number,
): MetricsDivision | null {
  return divisions.find((d) => d.divisionId === requested) ?? divisions[0] ?? null;
}

/**
 * The term to show: the URL's when it is one of this division's, else the division's default
 * (the term under way, else the next), else its newest. Null only for a division without terms.
 */
export function chooseTerm(division: MetricsDivision, requested: number): MetricsTerm | null {
  const { terms } = division;
  return (
    terms.find((t) => t.termId === requested) ??
    terms.find((t) => t.termId === division.defaultTermId) ??
    terms[0] ??
    null
  );
}
