import { z } from 'zod';

/** The most a cost threshold may be: $1,000, far above any low-cost rule, in cents. */
export const MAX_COST_THRESHOLD_CENTS = 100_000;

const costThreshold = z
  .number()
  .int('must be whole cents')
  .min(0, 'cannot be negative')
  .max(MAX_COST_THRESHOLD_CENTS, 'must be at most 100000 cents ($1,000)');

/**
 * The store's cost-transparency settings (issue 31; docs/behaviour/flows.md#cost-transparency),
 * fields of storeSettings, each left out: the stored value stays (a client that predates them
 * does not reset them).
 */
export const costSettingsFields = {
  /** A section whose required materials cost at most this at the cheapest is low textbook cost. */
  ltcThresholdCents: costThreshold.optional(),
  /** Whether a library-licensed e-book costs students nothing. */
  libraryLicensedIsZero: z.boolean().optional(),
  /** Sections of one course whose required cost differs by more than this are a gap. */
  costGapThresholdCents: costThreshold.optional(),
};

/** The same as answered: always there (DEFAULT_LTC_THRESHOLD_CENTS and the others unless set). */
export const storedCostSettingsFields = {
  ltcThresholdCents: z.number().int(),
  libraryLicensedIsZero: z.boolean(),
  costGapThresholdCents: z.number().int(),
};
