import { getUserActions, login, logout, resumeSession } from '@csp/contracts';
import type { ActionName, SessionResponse } from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { exchangeSamlTicket, fetchCurrentSession } from '../../saml/index.ts';
import type { SamlTicketSession } from '../../saml/index.ts';

/** The calls the session store makes; a seam so tests can stand in for the server. */
export interface SessionApi {
  login(userName: string, password: string): Promise<SessionResponse>;
  resume(userName: string, rememberSecret: string): Promise<SessionResponse>;
  logout(rememberSecret: string | undefined, token: string | undefined): Promise<void>;
  getUserActions(accountId: number, userName: string, token: string): Promise<ActionName[]>;
  exchangeSamlTicket(ticket: string, userAccountId: string): Promise<SamlTicketSession>;
  /** The session of a stored single-sign-on token (restores it after a reload). */
  fetchCurrentSession(token: string): Promise<SamlTicketSession>;
}

export function createHttpSessionApi(): SessionApi {
  return {
    login: (userName, password) => apiCall(login, { body: { userName, password } }),
    resume: (userName, rememberSecret) =>
      apiCall(resumeSession, { body: { userName, rememberSecret } }),
    logout: async (rememberSecret, token) => {
      await apiCall(logout, { body: rememberSecret ? { rememberSecret } : {} }, token);
    },
    getUserActions: async (accountId, userName, token) => {
      const result = await apiCall(
        getUserActions,
        { params: { userAccountId: accountId }, query: { user_name: userName } },
        token,
      );
      return result.actions;
    },
    exchangeSamlTicket,
    fetchCurrentSession,
  };
}
