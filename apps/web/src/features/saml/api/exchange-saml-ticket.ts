import { exchangeSamlTicket as exchangeTicketContract, getCurrentSession } from '@csp/contracts';
import type { SsoSession } from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import type { SamlTicketSession } from '../../../platform/session/session-api.ts';

function fromSsoSession(session: SsoSession): SamlTicketSession {
  return {
    token: session.token,
    userName: session.userName,
    name: session.name,
    userAccountId: session.userAccountID,
    actions: session.userAuthActions,
    expiresAt: session.expiresAt,
  };
}

/** Exchanges the one-time ticket the provider hand-off put in the URL for a session. */
export async function exchangeSamlTicket(
  ticket: string,
  userAccountId: string,
): Promise<SamlTicketSession> {
  const session = await apiCall(exchangeTicketContract, { body: { ticket, userAccountId } });
  return fromSsoSession(session);
}

/** The session of a stored single-sign-on token, so the login survives a reload. */
export async function fetchCurrentSession(token: string): Promise<SamlTicketSession> {
  return fromSsoSession(await apiCall(getCurrentSession, {}, token));
}
