import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { IA_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

const ACTION = 'MANAGE_INCLUSIVE_ACCESS';

/**
 * The divisions (over `dv.id`) whose terms' charge files the caller makes and reads:
 * MANAGE_INCLUSIVE_ACCESS over the whole division (IA_TERM_ACCESS), store-wide or on it.
 * Without the action anywhere: 403.
 */
export async function chargeDivisions(request: FastifyRequest): Promise<SQL> {
  const grants = await request.grants;
  await grants.requireAny([ACTION], IA_MESSAGES.refusal);
  if (grants.holdsEverywhere(ACTION)) return sql`true`;
  return sql`(${await grants.scopePredicate(ACTION, { divisionId: sql`dv.id` })})`;
}

/** The store's layout is the whole store's: the action store-wide, else 403. */
export async function requireStoreWide(request: FastifyRequest, refusal: string): Promise<void> {
  const grants = await request.grants;
  await grants.requireAny([ACTION], IA_MESSAGES.refusal);
  if (!grants.holdsEverywhere(ACTION)) throw AppError.forbidden(refusal);
}

export interface ChargeTerm {
  termId: number;
  termName: string;
  divisionName: string;
  optOutDeadline: string | null;
  refundUntil: string | null;
}

/**
 * The term of the store in the caller's divisions (else 404 naming termId), read with `lock`
 * under FOR NO KEY UPDATE: two charge runs of one term queue here, one after the other (and a
 * change of the term's dates waits for the run).
 */
export async function chargeTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
  lock = false,
): Promise<ChargeTerm> {
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
  if (!row) throw AppError.notFound(IA_MESSAGES.termNotFound, 'termId');
  return {
    termId,
    termName: row.term_name,
    divisionName: row.division_name,
    optOutDeadline: row.deadline,
    refundUntil: row.refund_until,
  };
}
