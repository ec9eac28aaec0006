import { FUNDING_MESSAGES as M, formatMoney, type FundingSource } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Session } from '../../../lib/session.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { usDay } from './source-eligibility.ts';
import { changeSummary } from './source-changes.ts';
import { termsOfSources } from './source-read-repository.ts';
import { lockSource, sourceGrantedCents } from './source-repository.ts';
import { checkedSource, type SourceInput } from './source-rules.ts';
import { storeSource } from './source-view.ts';
import { setSourceTerms, updateSource } from './source-write-repository.ts';
import { countSourceAllowances } from './source-usage-repository.ts';

const USED_MORE = (uses: number) =>
  `The promotion has already been used ${uses} times: its limit cannot be lower.`;

/**
 * updateFundingSource: under the source's lock (every allocation from it queues there too), an
 * edit made from an older version is refused (409, nobody's change is lost), the budget may not
 * fall below what the source has given out, a promotion's limit not below its uses, a source
 * whose balances were closed may not have its window end today or later; then the
 * fields and terms are written, the version bumped and the change recorded in words. An edit
 * that changes nothing writes nothing.
 */
export async function updateSourceOf(
  db: Db,
  session: Session,
  sourceId: number,
  input: SourceInput,
  version: number,
  now: Date,
): Promise<FundingSource> {
  const { locationId } = session;
  try {
    await db.transaction(async (tx) => {
      const current = await lockSource(tx, locationId, sourceId);
      if (!current) throw AppError.notFound(M.sourceNotFound, 'sourceId');
      if (current.version !== version) throw AppError.conflict(M.changedMeanwhile, 'version');
      const { values, terms, termIds } = await checkedSource(tx, locationId, input, sourceId);
      // Its balances were expired or paid out: reopening the window would offer money no
      // longer there (a closing is not undone).
      if (current.closedAt !== null && values.chargeEndsOn >= isoDay(now))
        throw AppError.conflict(M.sourceClosed(usDay(isoDay(current.closedAt))), 'chargeEndsOn');
      const granted = await sourceGrantedCents(tx, sourceId);
      if (values.budgetCents < granted)
        throw AppError.conflict(M.budgetBelowAllocated(formatMoney(granted)), 'budgetCents');
      if (values.promoUseLimit !== null && values.promoUseLimit !== undefined) {
        const uses = await countSourceAllowances(tx, sourceId);
        if (values.promoUseLimit < uses)
          throw AppError.conflict(USED_MORE(uses), 'promotion.useLimit');
      }
      const before = (await termsOfSources(tx, [sourceId])).get(sourceId) ?? [];
      const summary = changeSummary(
        { ...current, termNames: before.map((t) => t.termName) },
        { ...values, termNames: terms.map((t) => t.termName) },
      );
      if (summary === '') return;
      await updateSource(tx, sourceId, values, now);
      await setSourceTerms(tx, sourceId, termIds);
      await recordFundingActivity(tx, [
        {
          locationId,
          sourceId,
          actorAccountId: session.accountId,
          action: 'SOURCE_UPDATED',
          summary,
          details: { ...values, termIds, version: version + 1 },
          at: now,
        },
      ]);
    });
  } catch (error) {
    // Another source took the promotion code between the check and the write.
    if (isUniqueViolation(error) && input.promotion)
      throw AppError.conflict(M.promotionCodeTaken(input.promotion.code), 'promotion.code');
    throw error;
  }
  return storeSource(db, locationId, sourceId, isoDay(now));
}
