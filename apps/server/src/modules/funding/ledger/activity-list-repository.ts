import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FundingActivityAction } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { fundingActivity, userAccounts } from '../../../db/schema/index.ts';

export interface ActivityEntry {
  activityId: number;
  at: string;
  action: FundingActivityAction;
  actorName: string | null;
  summary: string;
}

/** One page of a source's activity, newest first (funding_activity_source_at_idx), and the total. */
export async function activityPage(
  db: Db,
  locationId: number,
  sourceId: number,
  q: { page: number; pageSize: number },
): Promise<{ activity: ActivityEntry[]; recordCount: number }> {
  const where = and(
    eq(fundingActivity.locationId, locationId),
    eq(fundingActivity.sourceId, sourceId),
  );
  const rows = await db
    .select({
      activityId: fundingActivity.id,
      at: fundingActivity.at,
      action: fundingActivity.action,
      actorName: userAccounts.name,
      summary: fundingActivity.summary,
      totalRows: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(fundingActivity)
    .leftJoin(userAccounts, eq(userAccounts.id, fundingActivity.actorAccountId))
    .where(where)
    .orderBy(desc(fundingActivity.at), desc(fundingActivity.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const recordCount =
    rows[0]?.totalRows ??
    Number((await db.select({ n: count() }).from(fundingActivity).where(where))[0]?.n ?? 0);
  return {
    activity: rows.map((r) => ({
      activityId: r.activityId,
      at: r.at.toISOString(),
      action: r.action as FundingActivityAction,
      actorName: r.actorName,
      summary: r.summary,
    })),
    recordCount,
  };
}
