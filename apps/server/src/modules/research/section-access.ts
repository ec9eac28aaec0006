import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../lib/session.ts';
import type { Grants } from '../permissions/index.ts';
import { RESEARCH_MESSAGES as M } from './research-messages.ts';

/** The caller of a section research call: VIEW_SECTION somewhere, or 403. */
export async function sectionReader(
  db: Db,
  request: FastifyRequest,
): Promise<{ session: Session; grants: Grants }> {
  const session = request.session;
  const grants = await request.grants;
  await grants.requireAny(['VIEW_SECTION'], M.noSectionAccess);
  return { session, grants };
}

/** 404 naming `field` unless `found`. */
export function requireFound(found: boolean, message: string, field: string): void {
  if (!found) throw AppError.notFound(message, field);
}
