import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fundingAllowances, fundingSources } from '../../../db/schema/index.ts';

/** A student's allowances (the store's) with what their sources say. */
export async function studentAllowanceRows(db: Db, locationId: number, studentId: number) {
  return db
    .select({
      allowanceId: fundingAllowances.id,
      sourceId: fundingSources.id,
      sourceName: fundingSources.name,
      kind: fundingSources.kind,
      voucherCode: fundingAllowances.voucherCode,
      chargeStartsOn: fundingSources.chargeStartsOn,
      chargeEndsOn: fundingSources.chargeEndsOn,
      scope: fundingSources.scope,
      spending: fundingSources.spending,
    })
    .from(fundingAllowances)
    .innerJoin(fundingSources, eq(fundingSources.id, fundingAllowances.sourceId))
    .where(
      and(eq(fundingAllowances.locationId, locationId), eq(fundingAllowances.studentId, studentId)),
    );
}
