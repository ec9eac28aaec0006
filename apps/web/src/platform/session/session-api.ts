import type { ActionName, SessionResponse } from '@csp/contracts';

/** A single-sign-on session in the session store's terms (docs/behaviour/calls.md#login-and-session ticket exchange). */
export interface SamlTicketSession {
  token: string;
  userName: string;
  name: string;
  userAccountId: number;
  actions: ActionName[];
  /** ISO timestamp when the token stops being accepted. */
  expiresAt: string;
}

/**
 * The calls the session store makes; a seam so tests can stand in for the server. Declared
 * here, by the store that uses it, so the session needs no area: the account and single-sign-on
 * areas implement it (createHttpSessionApi) and the app passes that in.
 */
export interface SessionApi {
  login(userName: string, password: string): Promise<SessionResponse>;
  resume(userName: string, rememberSecret: string): Promise<SessionResponse>;
  logout(rememberSecret: string | undefined, token: string | undefined): Promise<void>;
  getUserActions(accountId: number, userName: string, token: string): Promise<ActionName[]>;
  exchangeSamlTicket(ticket: string, userAccountId: string): Promise<SamlTicketSession>;
  /** The session of a stored single-sign-on token (restores it after a reload). */
  fetchCurrentSession(token: string): Promise<SamlTicketSession>;
}
