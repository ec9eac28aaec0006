import { z } from 'zod';
import { FILE_MEDIA_TYPES, endpoint } from '../common/endpoint.ts';
import { dbIdParam } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';
import { termFields } from '../common/term-fields.ts';
import { researchAccountParams } from './research-lookups.ts';

/**
 * The textbook cost report (issue 31, point 6; docs/behaviour/flows.md#cost-transparency): for
 * one term, each department's sections by cost designation (the shown one: the store's override,
 * else the kept one), their average required cost, and the change from the same term a year
 * before. Only sections in the caller's VIEW_SECTION scope of their own store count.
 *
 * "The same term a year before" is the term of the same division whose start date is nearest to
 * one year before the term's, at most COMPARISON_TERM_TOLERANCE_DAYS away (nearest first, then
 * the earlier, then the lower id). Terms are matched by date rather than by name: imported names
 * follow each registrar's own pattern ("Fall 2026 - Main", "2026FA"), while every calendar
 * repeats its terms at about the same dates. None within the tolerance: no comparison.
 */
export const COMPARISON_TERM_TOLERANCE_DAYS = 45;

/** A term the report can be asked for, with its division (two divisions may share a name). */
export const costReportTerm = z.object({
  ...termFields,
  divisionId: z.number().int(),
  divisionName: z.string(),
});

/** A term offered to choose from, with its sections in the caller's scope. */
export const costReportChoice = costReportTerm.extend({ sectionCount: z.number().int() });
export type CostReportChoice = z.infer<typeof costReportChoice>;
export type CostReportTerm = z.infer<typeof costReportTerm>;

export const getCostReportTerms = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/costReport/terms`,
  summary:
    "Terms with a section in the caller's section scope, newest first: the cost report's choices",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'store' },
  params: researchAccountParams,
  response: z.array(costReportChoice),
});

/**
 * A department's (or all departments') figures in one term. The average is over the sections
 * whose required cost is known (`costKnown`): a section no adoption covers yet, or whose
 * required material has no price, has no cost and is left out rather than counted as $0.
 * Shares are percentages of `sections`, to one decimal; null when there are no sections.
 */
export const costFigures = z.object({
  sections: z.number().int(),
  ztc: z.number().int(),
  ltc: z.number().int(),
  none: z.number().int(),
  ztcShare: z.number().nullable(),
  ltcShare: z.number().nullable(),
  /** Sections whose required cost is known. */
  costKnown: z.number().int(),
  /** The mean required cost at the cheapest way offered, in whole cents; null: none known. */
  averageCostCents: z.number().int().nullable(),
});
export type CostFigures = z.infer<typeof costFigures>;

/** This term's figures less the year before's: counts, share points, and the average's cents. */
export const costChange = z.object({
  sections: z.number().int(),
  ztc: z.number().int(),
  ltc: z.number().int(),
  none: z.number().int(),
  /** Percentage points; null when either term has no sections. */
  ztcSharePoints: z.number().nullable(),
  ltcSharePoints: z.number().nullable(),
  /** Null when either term has no known cost. */
  averageCostCents: z.number().int().nullable(),
});
export type CostChange = z.infer<typeof costChange>;

/** The year-before figures and the change; absent when there is no comparison term. */
const comparison = {
  previous: costFigures.nullable(),
  change: costChange.nullable(),
};

export const costReportRow = z.object({
  departmentId: z.number().int(),
  departmentCode: z.string(),
  departmentName: z.string(),
  current: costFigures,
  ...comparison,
});
export type CostReportRow = z.infer<typeof costReportRow>;

export const costReport = z.object({
  storeName: z.string(),
  term: costReportTerm,
  /** The same term a year before, or null: none within the tolerance. */
  comparisonTerm: costReportTerm.nullable(),
  /** Each department with a section in scope in either term, by code. */
  rows: z.array(costReportRow),
  totals: z.object({ current: costFigures, ...comparison }),
});
export type CostReport = z.infer<typeof costReport>;

export const getCostReport = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/costReport`,
  summary:
    "A term's sections by department and cost designation (ZTC, LTC, none) with the average required cost and the change from the same term a year before; format=xlsx for a workbook",
  auth: true,
  access: { kind: 'action', anyOf: ['VIEW_SECTION'], scope: 'catalog' },
  params: researchAccountParams,
  query: z.object({
    termId: dbIdParam,
    format: z.enum(['json', 'xlsx'], { error: 'must be json or xlsx' }).default('json'),
  }),
  response: costReport,
  /** `format=xlsx`: the same rows as a workbook. */
  success: { json: [200], file: FILE_MEDIA_TYPES.xlsx },
});
