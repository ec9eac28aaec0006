import {
  FUNDING_MESSAGES as M,
  shortTermName,
  type FundingKind,
  type FundingScope,
  type FundingSource,
  type FundingSourceState,
  type FundingSpending,
  type UnspentPolicy,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import {
  sourcesWithSums,
  termsOfSources,
  type SourceWithSums,
  type TermRow,
} from './source-read-repository.ts';

/** Where today is in a charge window (inclusive days). */
export function sourceState(today: string, startsOn: string, endsOn: string): FundingSourceState {
  if (today < startsOn) return 'UPCOMING';
  if (today > endsOn) return 'ENDED';
  return 'OPEN';
}

const STATE_ORDER: Record<FundingSourceState, number> = { OPEN: 0, UPCOMING: 1, ENDED: 2 };

export const fundingTermOf = (t: TermRow) => ({
  termId: t.termId,
  termName: shortTermName(t.termName),
  divisionName: t.divisionName,
});

function toSource(row: SourceWithSums, termRows: TermRow[], today: string): FundingSource {
  const s = row.source;
  const expiredCents = -row.expiry;
  return {
    sourceId: s.id,
    name: s.name,
    kind: s.kind as FundingKind,
    terms: termRows.map(fundingTermOf),
    chargeStartsOn: s.chargeStartsOn,
    chargeEndsOn: s.chargeEndsOn,
    perStudentCapCents: s.perStudentCapCents,
    scope: s.scope as FundingScope,
    spending: s.spending as FundingSpending[],
    unspentPolicy: s.unspentPolicy as UnspentPolicy,
    promotion:
      s.promoCode !== null && s.promoAmountCents !== null && s.promoUseLimit !== null
        ? {
            code: s.promoCode,
            amountCents: s.promoAmountCents,
            useLimit: s.promoUseLimit,
            // A use of a promotion is the allowance it gave (one per student).
            uses: row.allowanceCount,
          }
        : null,
    state: sourceState(today, s.chargeStartsOn, s.chargeEndsOn),
    closedAt: s.closedAt?.toISOString() ?? null,
    version: s.version,
    createdAt: s.createdAt.toISOString(),
    createdByName: row.createdByName,
    figures: {
      budgetCents: s.budgetCents,
      allocatedCents: row.allocated,
      spentCents: -row.charged,
      expiredCents,
      paidOutCents: -row.payout,
      balanceCents: row.balance,
      // What expired went back to the source and may be allocated again.
      remainingCents: s.budgetCents - row.allocated + expiredCents,
      allowanceCount: row.allowanceCount,
    },
  };
}

/** The store's sources with their figures: open ones first, then upcoming, then ended. */
export async function storeSources(
  db: Db,
  locationId: number,
  today: string,
): Promise<FundingSource[]> {
  const rows = await sourcesWithSums(db, locationId);
  const terms = await termsOfSources(
    db,
    rows.map((r) => r.source.id),
  );
  return rows
    .map((r) => toSource(r, terms.get(r.source.id) ?? [], today))
    .sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        a.chargeEndsOn.localeCompare(b.chargeEndsOn) ||
        a.name.localeCompare(b.name) ||
        a.sourceId - b.sourceId,
    );
}

/** One of the store's sources with its figures; 404 naming sourceId otherwise. */
export async function storeSource(
  db: Db,
  locationId: number,
  sourceId: number,
  today: string,
): Promise<FundingSource> {
  const [row] = await sourcesWithSums(db, locationId, sourceId);
  if (!row) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const terms = await termsOfSources(db, [sourceId]);
  return toSource(row, terms.get(sourceId) ?? [], today);
}
