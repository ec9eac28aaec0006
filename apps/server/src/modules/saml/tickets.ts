import { createHash, randomBytes } from 'node:crypto';
import type { SsoSession } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { findActiveAccount, issueTokenSession, type TokenSession } from '../account/index.ts';
import type { Website } from '../../lib/request-context.ts';
import { insertTicket, useTicket } from './repository.ts';

/** A ticket only has to survive the browser's redirect back to the web app. */
export const TICKET_TTL_MS = 60_000;
export const TICKET_INVALID_MESSAGE =
  'This single sign-on link is invalid, used or expired. Sign in again.';

/** 256 random bits, so a plain SHA-256 is enough at rest. */
function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

/** A one-time ticket for the account (random, stored hashed, single use, 60 s). */
export async function issueTicket(
  deps: AppDeps,
  accountId: number,
  locationId: number,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await insertTicket(deps.db, {
    ticketHash: hashTicket(ticket),
    accountId,
    locationId,
    expiresAt: new Date(deps.now().getTime() + TICKET_TTL_MS),
  });
  return ticket;
}

/** The ticket-exchange shape of a session (docs/behaviour/calls.md). */
export function toSsoSession(session: TokenSession): SsoSession {
  return {
    token: session.token,
    userName: session.userName,
    name: session.name,
    userAccountID: session.accountId,
    userAuthActions: session.actions,
    expiresAt: session.expiresAt,
  };
}

/**
 * Exchanges a ticket for a session token. The ticket must be live, unused, for this account
 * and for the store of the request's website; any attempt spends it.
 */
export async function exchangeTicket(
  deps: AppDeps,
  website: Website,
  input: { ticket: string; userAccountId: number },
): Promise<SsoSession> {
  const used = await useTicket(deps.db, hashTicket(input.ticket), deps.now());
  if (!used || used.accountId !== input.userAccountId || used.locationId !== website.locationId) {
    throw AppError.unauthorized(TICKET_INVALID_MESSAGE);
  }
  const account = await findActiveAccount(deps.db, used.accountId, website.locationId);
  if (!account) throw AppError.unauthorized(TICKET_INVALID_MESSAGE);
  return toSsoSession(await issueTokenSession(deps, account, website.locationId, 'saml'));
}
