import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { IA_ACCESS_LIST_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { storeOfTokenHash } from './access-list-repository.ts';

/** Tokens are 32 random bytes: only their SHA-256 is kept (a lookup, no secret to stretch). */
export function newStoreToken(): { token: string; hash: string } {
  const token = `csp_ia_${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashStoreToken(token) };
}

export function hashStoreToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const refused = () =>
  new AppError(401, IA_ACCESS_LIST_MESSAGES.tokenRefused, undefined, {
    'www-authenticate': 'Bearer realm="access-lists"',
  });

/**
 * The store of a platform's call (the `storeToken` access): the Host's website names the store
 * and `Authorization: Bearer <token>` must be that store's current token. No token, a wrong or
 * revoked one, or another store's: 401, the same answer for each.
 */
export async function requireStoreToken(db: Db, request: FastifyRequest): Promise<number> {
  const { locationId } = requireWebsite(request);
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token || token.length > 200) throw refused();
  const owner = await storeOfTokenHash(db, hashStoreToken(token));
  if (owner !== locationId) throw refused();
  return locationId;
}
