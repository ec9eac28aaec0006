import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import { AUTH_HEADER, ROLES_VERSION_HEADER } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import { AppError } from '@csp/http-kit';
import { AUTH_MESSAGES, sessionOf } from '../lib/request-context.ts';
import { findLiveSession, verifySessionToken } from '../modules/account/index.ts';
import { grantColumnsOf, provideGrants } from '../modules/permissions/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook that checks the Auth-Token header; routes opt in through their contract. */
    authenticate: onRequestAsyncHookHandler;
  }
}

/**
 * Session checks, in order: a token is present; it verifies (HS256, issuer, expiry); it was
 * issued for the store of the request's website; the `:userAccountId` path parameter, if any,
 * is the token's account; its session is live and its account still active in that store.
 */
export function registerAuth(
  app: FastifyInstance,
  deps: { db: Db; jwtSecret: Uint8Array; now: () => Date },
): void {
  app.decorateRequest('signedIn', null);
  app.decorateRequest('session', {
    getter(this: FastifyRequest) {
      return sessionOf(this);
    },
  });
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[AUTH_HEADER.toLowerCase()];
    const token = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!token) throw AppError.unauthorized(AUTH_MESSAGES.missing);

    const checked = await verifySessionToken(deps.jwtSecret, token, deps.now());
    if (!checked.ok) throw AppError.unauthorized(AUTH_MESSAGES.expired);
    const { accountId, locationId, sessionId } = checked.claims;

    if (!request.website || request.website.locationId !== locationId) {
      throw AppError.unauthorized(AUTH_MESSAGES.otherStore);
    }
    const pathAccount = pathAccountId(request);
    if (pathAccount !== undefined && pathAccount !== String(accountId)) {
      throw AppError.forbidden(AUTH_MESSAGES.notYourAccount);
    }
    // One round trip: the session is live (not logged out, not ended by a password change or
    // single logout), its account active in this store, the roles version, and the grants and
    // taught sections request.grants answers from (read with the session, never on their own:
    // a signed-in call's fixed cost is this one statement).
    const key = { sessionId, accountId, locationId };
    const live = await findLiveSession(deps.db, key, deps.now(), grantColumnsOf);
    if (!live) throw AppError.unauthorized(AUTH_MESSAGES.ended);
    reply.header(ROLES_VERSION_HEADER, live.rolesVersion);
    request.signedIn = { accountId, locationId, sessionId, userName: live.userName };
    provideGrants(request, live.also);
  });
}

/** The raw `:userAccountId` path parameter, normalised ("007" -> "7"), if the route has one. */
function pathAccountId(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, string | undefined> | undefined;
  const raw = params?.['userAccountId'];
  if (raw === undefined) return undefined;
  return /^\d+$/.test(raw) ? String(Number(raw)) : raw;
}
