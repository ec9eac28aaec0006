import { AppError } from '@csp/http-kit';
import type {
  CostChange,
  CostFigures,
  CostReportChoice,
  CostReport,
  CostReportRow,
  CostReportTerm,
} from '@csp/contracts';
import { shortTermName } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { Grants } from '../../permissions/index.ts';
import { RESEARCH_MESSAGES as M } from '../research-messages.ts';
import { sectionScope } from '../../adoption/index.ts';
import { findStoreName } from '../textbooks/repository.ts';
import {
  countTermByDepartment,
  findScopedTerms,
  findTermAndComparison,
  type DepartmentCounts,
} from './repository.ts';

type Counts = Omit<DepartmentCounts, 'departmentId' | 'departmentCode' | 'departmentName'>;

const NO_SECTIONS: Counts = { sections: 0, ztc: 0, ltc: 0, none: 0, costKnown: 0, costSumCents: 0 };

/** A percentage of `of`, to one decimal; null when there is nothing to share. */
const share = (n: number, of: number) => (of === 0 ? null : Math.round((n * 1000) / of) / 10);

export function figuresOf(c: Counts): CostFigures {
  return {
    sections: c.sections,
    ztc: c.ztc,
    ltc: c.ltc,
    none: c.none,
    ztcShare: share(c.ztc, c.sections),
    ltcShare: share(c.ltc, c.sections),
    costKnown: c.costKnown,
    averageCostCents: c.costKnown === 0 ? null : Math.round(c.costSumCents / c.costKnown),
  };
}

/** The difference of two figures that may be absent (null when either is). */
const minus = (a: number | null, b: number | null) =>
  a === null || b === null ? null : Math.round((a - b) * 10) / 10;

/**
 * This term less the year before. Share points are the difference of the shares as shown (to
 * one decimal), so the change always agrees with the two figures beside it.
 */
export function changeOf(now: CostFigures, before: CostFigures): CostChange {
  return {
    sections: now.sections - before.sections,
    ztc: now.ztc - before.ztc,
    ltc: now.ltc - before.ltc,
    none: now.none - before.none,
    ztcSharePoints: minus(now.ztcShare, before.ztcShare),
    ltcSharePoints: minus(now.ltcShare, before.ltcShare),
    averageCostCents: minus(now.averageCostCents, before.averageCostCents),
  };
}

function sum(rows: readonly Counts[]): Counts {
  return rows.reduce<Counts>(
    (t, r) => ({
      sections: t.sections + r.sections,
      ztc: t.ztc + r.ztc,
      ltc: t.ltc + r.ltc,
      none: t.none + r.none,
      costKnown: t.costKnown + r.costKnown,
      costSumCents: t.costSumCents + r.costSumCents,
    }),
    NO_SECTIONS,
  );
}

/** The figures of a term and, when there is a comparison, of the year before with the change. */
function compared(now: Counts, before: Counts | null) {
  const current = figuresOf(now);
  if (before === null) return { current, previous: null, change: null };
  const previous = figuresOf(before);
  return { current, previous, change: changeOf(current, previous) };
}

/** A term as the report names it ("Fall 2026", not the registrar's "Fall 2026 - Main"). */
const named = <T extends CostReportTerm>(t: T): T => ({
  ...t,
  termName: shortTermName(t.termName),
});

export async function costReportTerms(
  db: Db,
  grants: Grants,
  locationId: number,
): Promise<CostReportChoice[]> {
  const scope = grants.holdsEverywhere('VIEW_SECTION') ? null : await sectionScope(grants);
  return (await findScopedTerms(db, locationId, scope)).map(named);
}

/**
 * The report of one term: a row per department with a section in scope in the term or the
 * year before, and the totals. A term of another store, or without a section in the caller's
 * scope, is a 404 naming termId (like the research lookups: it is not said which).
 */
export async function costReport(
  db: Db,
  grants: Grants,
  locationId: number,
  termId: number,
): Promise<CostReport> {
  const terms = await findTermAndComparison(db, locationId, termId);
  if (!terms) throw AppError.notFound(M.termNotFound, 'termId');
  const scope = await sectionScope(grants);
  // One statement a term, in turn: PGlite runs one at a time anyway, and a connection is saved.
  const now = await countTermByDepartment(db, locationId, termId, scope);
  if (now.length === 0) throw AppError.notFound(M.termNotFound, 'termId');
  const before = terms.comparison
    ? await countTermByDepartment(db, locationId, terms.comparison.termId, scope)
    : null;
  const storeName = await findStoreName(db, locationId);

  const departments = new Map<number, DepartmentCounts>();
  for (const d of [...now, ...(before ?? [])]) departments.set(d.departmentId, d);
  const nowById = new Map(now.map((d) => [d.departmentId, d]));
  const beforeById = new Map((before ?? []).map((d) => [d.departmentId, d]));
  const rows: CostReportRow[] = [...departments.values()]
    .sort(
      (a, b) =>
        a.departmentCode.localeCompare(b.departmentCode, 'en') || a.departmentId - b.departmentId,
    )
    .map((d) => ({
      departmentId: d.departmentId,
      departmentCode: d.departmentCode,
      departmentName: d.departmentName,
      ...compared(
        nowById.get(d.departmentId) ?? NO_SECTIONS,
        before ? (beforeById.get(d.departmentId) ?? NO_SECTIONS) : null,
      ),
    }));
  return {
    storeName,
    term: named(terms.term),
    comparisonTerm: terms.comparison ? named(terms.comparison) : null,
    rows,
    totals: compared(sum(now), before ? sum(before) : null),
  };
}
