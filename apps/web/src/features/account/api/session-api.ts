import { getUserActions, login, logout, resumeSession } from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { exchangeSamlTicket, fetchCurrentSession } from '../../saml/index.ts';
import type { SessionApi } from '../../../platform/session/session-api.ts';

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
