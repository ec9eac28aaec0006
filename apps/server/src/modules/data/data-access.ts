import type { FastifyRequest } from 'fastify';
import { DATA_MANAGER_REFUSAL, DATA_STATUS_REFUSAL } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';

/** A caller who may read the integration status and the imports: either data action, or 403. */
export async function dataReader(db: Db, request: FastifyRequest): Promise<Session> {
  const session = request.session;
  const grants = await request.grants;
  await grants.requireAny(['DATA_FULL_REPORTER', 'DATA_MANAGER'], DATA_STATUS_REFUSAL);
  return session;
}

/**
 * A caller who may upload and apply feeds: DATA_MANAGER for the whole store, or 403. An import
 * writes store-wide records (students, titles, professors) and may create departments in any
 * division, so a DATA_MANAGER scoped to part of the catalog may not.
 */
export async function dataManager(db: Db, request: FastifyRequest): Promise<Session> {
  const session = request.session;
  const grants = await request.grants;
  if (!grants.holdsEverywhere('DATA_MANAGER')) throw AppError.forbidden( DATA_MANAGER_REFUSAL);
  return session;
}
