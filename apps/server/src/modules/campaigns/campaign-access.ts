import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { DEADLINE_MESSAGES } from '@csp/contracts';

const ACTION = 'MANAGE_ADOPTION_CAMPAIGNS';

/**
 * The divisions (over `dv.id`) whose deadlines, campaigns and department contacts the caller
 * runs: MANAGE_ADOPTION_CAMPAIGNS over the whole division, store-wide or on it. Without the
 * action anywhere: 403.
 */
export async function campaignDivisions(request: FastifyRequest): Promise<SQL> {
  const grants = await request.grants;
  await grants.requireAny([ACTION], DEADLINE_MESSAGES.refusal);
  if (grants.holdsEverywhere(ACTION)) return sql`true`;
  return grants.scopePredicate(ACTION, { divisionId: sql`dv.id` });
}
