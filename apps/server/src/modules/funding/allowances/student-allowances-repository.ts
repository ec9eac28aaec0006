import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fundingAllowances, fundingSources } from '../../../db/schema/index.ts';

/** Joins an allowance to the source it draws on. */
export const sourceOfAllowance = eq(fundingSources.id, fundingAllowances.sourceId);

/** The allowances of a student of the store. */
export function allowancesOfStudent(locationId: number, studentId: number): SQL {
  return and(
    eq(fundingAllowances.locationId, locationId),
    eq(fundingAllowances.studentId, studentId),
  ) as SQL;
}

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
    .innerJoin(fundingSources, sourceOfAllowance)
    .where(allowancesOfStudent(locationId, studentId));
}
