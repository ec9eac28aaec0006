import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A term of the store with its inclusive-access dates. */
export interface IaDivisionTerm {
  termId: number;
  termName: string;
  divisionName: string;
  optOutDeadline: string | null;
  refundUntil: string | null;
}

/**
 * The term of the store in the caller's divisions (`divisionInReach` over `dv.id`: iaDivisions
 * or iaReach's `divisions`, program-access.ts), else null. With `lock`, read FOR NO KEY UPDATE: two
 * charge runs of one term queue here, one after the other (and a change of the term's dates
 * waits for the run).
 */
export async function findIaDivisionTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
  lock = false,
): Promise<IaDivisionTerm | null> {
  const [row] = await queryRows<{
    term_name: string;
    division_name: string;
    deadline: string | null;
    refund_until: string | null;
  }>(
    db,
    sql`select t.name as term_name, dv.name as division_name,
        t.ia_opt_out_deadline::text as deadline, t.ia_refund_until::text as refund_until
      from terms t join divisions dv on dv.id = t.division_id
      where t.location_id = ${locationId} and t.id = ${termId} and ${divisionInReach}
      ${lock ? sql`for no key update of t` : sql``}`,
  );
  if (!row) return null;
  return {
    termId,
    termName: row.term_name,
    divisionName: row.division_name,
    optOutDeadline: row.deadline,
    refundUntil: row.refund_until,
  };
}
