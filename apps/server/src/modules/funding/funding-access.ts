import type { FastifyRequest } from 'fastify';
import { FUNDING_REFUSAL } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../lib/request-context.ts';
import type { Session } from '../../lib/session.ts';
import { grantsOf } from '../permissions/index.ts';

/**
 * Funding is the store's money, not a catalog item: MANAGE_VOUCHERS held under any scope lets an
 * account manage all of its store's funding (as student actions do, student-access.ts), and
 * only its own store's. 403 with FUNDING_REFUSAL otherwise.
 */
export async function fundingManager(db: Db, request: FastifyRequest): Promise<Session> {
  const session = requireSession(request);
  await (await grantsOf(db, request)).requireAny(['MANAGE_VOUCHERS'], FUNDING_REFUSAL);
  return session;
}
