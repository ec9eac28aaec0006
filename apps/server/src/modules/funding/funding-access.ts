import type { FastifyRequest } from 'fastify';
import { FUNDING_REFUSAL } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';

/**
 * Funding is the store's money, not a catalog item: managing it opens every student's
 * allowances and voucher codes, so it needs MANAGE_VOUCHERS held store-wide (a grant on one
 * department does not open the whole store's students, ADR 0023), and answers the caller's
 * own store only. 403 with FUNDING_REFUSAL otherwise.
 */
export async function fundingManager(db: Db, request: FastifyRequest): Promise<Session> {
  const session = request.session;
  const grants = await request.grants;
  if (!grants.holdsEverywhere('MANAGE_VOUCHERS')) throw AppError.forbidden(FUNDING_REFUSAL);
  return session;
}
