import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { IA_MESSAGES } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * The divisions (over `dv.id`) whose terms' inclusive access the caller manages:
 * MANAGE_INCLUSIVE_ACCESS over the whole division (IA_TERM_ACCESS), store-wide or on it.
 * Without the action anywhere: 403.
 */
export async function iaTermDivisions(request: FastifyRequest): Promise<SQL> {
  const grants = await request.grants;
  await grants.requireAny(['MANAGE_INCLUSIVE_ACCESS'], IA_MESSAGES.refusal);
  if (grants.holdsEverywhere('MANAGE_INCLUSIVE_ACCESS')) return sql`true`;
  return grants.scopePredicate('MANAGE_INCLUSIVE_ACCESS', { divisionId: sql`dv.id` });
}

/** The term of the store in the caller's divisions, with its opt-out deadline; else null. */
export async function reachableIaTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
): Promise<{ deadline: string | null } | null> {
  const [row] = await queryRows<{ deadline: string | null }>(
    db,
    sql`select t.ia_opt_out_deadline::text as deadline
        from terms t join divisions dv on dv.id = t.division_id
        where t.location_id = ${locationId} and t.id = ${termId} and ${divisionInReach}`,
  );
  return row ?? null;
}
