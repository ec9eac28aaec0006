import type { ActionName } from '@csp/contracts';

/** What the single-sign-on ticket exchange returns (spec §7), once its endpoint exists. */
export interface SamlTicketSession {
  token: string;
  userName: string;
  name: string;
  userAccountId: number;
  actions: ActionName[];
  /** ISO timestamp when the token stops being accepted. */
  expiresAt: string;
}

export const SSO_NOT_AVAILABLE_MESSAGE = 'Single sign-on is not available yet';

/**
 * Exchanges a single-sign-on ticket for a session. The endpoint is not built yet (a later issue
 * adds it to the contracts and the server), so this rejects and the guard reports the failure
 * on the login page exactly as a real single-sign-on failure would be reported.
 */
export function exchangeSamlTicket(
  _ticket: string,
  _userAccountId: string,
): Promise<SamlTicketSession> {
  return Promise.reject(new Error(SSO_NOT_AVAILABLE_MESSAGE));
}
