import type { FundingSource } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import type { Session } from '../../../lib/session.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { createdSummary } from './source-changes.ts';
import { checkedSource, type SourceInput } from './source-rules.ts';
import { storeSource } from './source-view.ts';
import { findSourceByClientKey, insertSource, setSourceTerms } from './source-write-repository.ts';

/**
 * createFundingSource: checks the source against the store (source-rules.ts), then writes it,
 * its terms and a SOURCE_CREATED activity entry in one transaction. The same clientKey from
 * the same account answers the source it created first, also when two submits race (the
 * unique index on (created_by, client_key) stops the second insert; the first is then read).
 */
export async function createSource(
  db: Db,
  session: Session,
  input: SourceInput,
  clientKey: string,
  now: Date,
): Promise<FundingSource> {
  const answer = (id: number) => storeSource(db, session.locationId, id, isoDay(now));
  const earlier = await findSourceByClientKey(db, session.accountId, clientKey);
  if (earlier) return answer(earlier.id);
  let sourceId: number;
  try {
    sourceId = await db.transaction(async (tx) => {
      const { values, terms, termIds } = await checkedSource(tx, session.locationId, input);
      const id = await insertSource(tx, {
        ...values,
        locationId: session.locationId,
        createdBy: session.accountId,
        clientKey,
        createdAt: now,
      });
      await setSourceTerms(tx, id, termIds);
      await recordFundingActivity(tx, [
        {
          locationId: session.locationId,
          sourceId: id,
          actorAccountId: session.accountId,
          action: 'SOURCE_CREATED',
          summary: createdSummary({ ...values, termNames: terms.map((t) => t.termName) }),
          details: { ...values, termIds },
          at: now,
        },
      ]);
      return id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The same submit, created by another request between our check and our insert.
    const winner = await findSourceByClientKey(db, session.accountId, clientKey);
    if (winner) return answer(winner.id);
    // Else another source took the promotion code meanwhile: the rules say so in words.
    await checkedSource(db, session.locationId, input);
    throw error;
  }
  return answer(sourceId);
}
