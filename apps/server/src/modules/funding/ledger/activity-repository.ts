import type { FundingActivityAction } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { fundingActivity } from '../../../db/schema/index.ts';

export interface FundingActivityRecord {
  locationId: number;
  sourceId: number;
  allowanceId?: number | null;
  actorAccountId: number | null;
  action: FundingActivityAction;
  /** In words, as the activity tab shows it. */
  summary: string;
  details?: Record<string, unknown>;
  at?: Date;
}

/** Rows per statement: a statement holds at most 65,535 bind parameters. */
const CHUNK = 1000;

/** Writes activity entries; call it inside the transaction that makes the change. */
export async function recordFundingActivity(
  db: Db,
  entries: readonly FundingActivityRecord[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK)
    await insertActivity(db, entries.slice(i, i + CHUNK));
}

async function insertActivity(db: Db, entries: readonly FundingActivityRecord[]): Promise<void> {
  await db.insert(fundingActivity).values(
    entries.map((e) => ({
      locationId: e.locationId,
      sourceId: e.sourceId,
      allowanceId: e.allowanceId ?? null,
      actorAccountId: e.actorAccountId,
      action: e.action,
      summary: e.summary,
      details: e.details ?? {},
      ...(e.at && { at: e.at }),
    })),
  );
}
