import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { FUNDING_MANAGER_ACCESS } from './funding-access.ts';
import { dbId, dbIdParam, withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { calendarDay } from '../adoption/course-catalog.ts';
import {
  FUNDING_KINDS,
  FUNDING_SCOPES,
  FUNDING_SOURCE_STATES,
  FUNDING_SPENDING,
  MAX_ALLOWANCE_CENTS,
  MAX_FUNDING_BUDGET_CENTS,
  UNSPENT_POLICIES,
} from './funding-labels.ts';

/**
 * Funding sources (issue 14, part 1). Every funding call is for MANAGE_VOUCHERS holders (403 with
 * FUNDING_REFUSAL otherwise), answers the caller's own store only (an id of another store is a
 * 404 naming it) and records each change in the source's activity log.
 */
export const FUNDING_BASE = `${ADMIN_BASE}/:userAccountId/funding`;
export const fundingAccountParams = z.object({ userAccountId: dbIdParam });
export const sourceParams = z.object({ userAccountId: dbIdParam, sourceId: dbIdParam });

/** Whole cents, e.g. 12550 for $125.50. */
export const cents = (max: number) =>
  z
    .number({ error: 'must be an amount in cents' })
    .int('must be a whole number of cents')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max} cents`);

/** A promotion's shared code: letters, digits and hyphens, kept upper-case. */
export const promotionCode = withoutNul(
  z
    .string({ error: 'must be a code' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,30}$/, 'must be 3 to 30 letters, digits or hyphens'),
);

/** What a manager sets on a source (create, and edit with the version read). */
export const fundingSourceInput = z
  .object({
    name: withoutNul(
      z
        .string({ error: 'Enter a name.' })
        .trim()
        .min(1, 'Enter a name.')
        .max(120, 'must be at most 120 characters'),
    ),
    kind: z.enum(FUNDING_KINDS, { error: `must be one of ${FUNDING_KINDS.join(', ')}` }),
    budgetCents: cents(MAX_FUNDING_BUDGET_CENTS),
    /** The terms whose course materials it pays for; empty means any term. */
    termIds: z
      .array(dbId, { error: 'must be a list of term ids' })
      .max(50, 'must list at most 50 terms'),
    chargeStartsOn: calendarDay,
    chargeEndsOn: calendarDay,
    /** The most one student may be allocated; null for no cap. */
    perStudentCapCents: cents(MAX_ALLOWANCE_CENTS).nullable(),
    scope: z.enum(FUNDING_SCOPES, { error: `must be one of ${FUNDING_SCOPES.join(', ')}` }),
    spending: z
      .array(z.enum(FUNDING_SPENDING, { error: `must be one of ${FUNDING_SPENDING.join(', ')}` }))
      .min(1, 'Choose at least one kind of spending.')
      .refine((values) => new Set(values).size === values.length, 'must not list a kind twice'),
    unspentPolicy: z.enum(UNSPENT_POLICIES, {
      error: `must be one of ${UNSPENT_POLICIES.join(', ')}`,
    }),
    /** PROMOTION only: the shared code, the amount each use gives, and how many uses it has. */
    promotion: z
      .object({
        code: promotionCode,
        amountCents: cents(MAX_ALLOWANCE_CENTS).min(1, 'must be more than zero'),
        useLimit: z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be 1 or more')
          .max(1_000_000, 'must be at most 1000000'),
      })
      .nullable(),
  })
  .refine((s) => s.chargeEndsOn >= s.chargeStartsOn, {
    message: 'The charge window must end on or after the day it starts.',
    path: ['chargeEndsOn'],
  });
export type FundingSourceInput = z.input<typeof fundingSourceInput>;

/** Money figures of a source, each a sum of its ledger entries (never a stored balance). */
export const fundingFigures = z.object({
  budgetCents: z.number().int(),
  /** Allocations and adjustments: what students were given. */
  allocatedCents: z.number().int(),
  /** Charges less refunds: what orders used. */
  spentCents: z.number().int(),
  /** Unspent balances that expired back to the source or were paid out. */
  expiredCents: z.number().int(),
  paidOutCents: z.number().int(),
  /** The students' unspent balances (the sum of every entry). */
  balanceCents: z.number().int(),
  /** Budget not yet allocated: budget − allocated + expired. */
  remainingCents: z.number().int(),
  allowanceCount: z.number().int(),
});
export type FundingFigures = z.infer<typeof fundingFigures>;

export const fundingTerm = z.object({
  termId: z.number().int(),
  termName: z.string(),
  divisionName: z.string(),
});

export const fundingSource = z.object({
  sourceId: z.number().int(),
  name: z.string(),
  kind: z.enum(FUNDING_KINDS),
  terms: z.array(fundingTerm),
  chargeStartsOn: z.string(),
  chargeEndsOn: z.string(),
  perStudentCapCents: z.number().int().nullable(),
  scope: z.enum(FUNDING_SCOPES),
  spending: z.array(z.enum(FUNDING_SPENDING)),
  unspentPolicy: z.enum(UNSPENT_POLICIES),
  promotion: z
    .object({
      code: z.string(),
      amountCents: z.number().int(),
      useLimit: z.number().int(),
      uses: z.number().int(),
    })
    .nullable(),
  state: z.enum(FUNDING_SOURCE_STATES),
  /** When the unspent balances were closed (EXPIRY or PAYOUT entries written), else null. */
  closedAt: z.string().nullable(),
  /** Sent back with an edit: a stale version is a 409. */
  version: z.number().int(),
  createdAt: z.string(),
  createdByName: z.string(),
  figures: fundingFigures,
});
export type FundingSource = z.infer<typeof fundingSource>;

export const getFundingSources = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources`,
  summary:
    "The store's funding sources with their budget, allocated, spent and remaining, open ones first",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  response: z.object({ sources: z.array(fundingSource) }),
});

export const getFundingSource = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/sources/:sourceId`,
  summary: 'One funding source with its figures',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  response: fundingSource,
});

export const createFundingSource = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/sources`,
  summary:
    'Creates a funding source. The same clientKey from the same account answers the source it created first',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  body: z.object({ source: fundingSourceInput, clientKey: z.uuid({ error: 'must be a UUID' }) }),
  response: fundingSource,
});

export const updateFundingSource = endpoint({
  method: 'PUT',
  path: `${FUNDING_BASE}/sources/:sourceId`,
  summary:
    'Changes a funding source; 409 when `version` is not the current one or the budget would fall below what is allocated',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: sourceParams,
  body: z.object({ source: fundingSourceInput, version: z.number().int().min(0) }),
  response: fundingSource,
});

/** The terms a source can be for: the store's terms, newest first (the source form's picker). */
export const getFundingTerms = endpoint({
  method: 'GET',
  path: `${FUNDING_BASE}/terms`,
  summary: "The store's terms, newest first, for a source's term picker",
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  response: z.object({
    terms: z.array(fundingTerm.extend({ startDate: z.string(), endDate: z.string() })),
  }),
});

/**
 * Closes the unspent balances of sources whose charge window has ended (EXPIRY or PAYOUT entries,
 * as each source says). A daily job does it too; running it again writes nothing new.
 */
export const closeEndedFunding = endpoint({
  method: 'POST',
  path: `${FUNDING_BASE}/close-ended`,
  summary:
    'Closes the unspent balances of every source whose charge window has ended (also run daily)',
  auth: true,
  access: FUNDING_MANAGER_ACCESS,
  params: fundingAccountParams,
  response: z.object({
    sourcesClosed: z.number().int(),
    allowancesClosed: z.number().int(),
    closedCents: z.number().int(),
  }),
});
