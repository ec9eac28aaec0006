import { QueryClient } from '@tanstack/react-query';
import { createHttpSessionApi } from '../features/account/index.ts';
import type { SessionApi } from '../platform/session/session-api.ts';
import type { AppServices } from './app-providers.tsx';
import { ApiRequestError } from '../lib/api-client.ts';
import { NotificationStore } from '../platform/notifications/notification-store.ts';
import { SessionStore } from '../platform/session/session-store.ts';

export function createAppServices(sessionApi: SessionApi = createHttpSessionApi()): AppServices {
  return {
    queryClient: new QueryClient({
      // Refetching on every window focus would surprise staff mid-task on a busy counter.
      defaultOptions: { queries: { retry: retryQuery, refetchOnWindowFocus: false } },
    }),
    sessionStore: new SessionStore(sessionApi),
    notificationStore: new NotificationStore(),
  };
}

/**
 * A failed query is asked once more (a dropped connection, a database restart answered 503),
 * except when the server refused it: a 401 means the session ended (asking again with the same
 * token would only be refused again) and a 403 will not change until the user's roles do.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
    return false;
  }
  return failureCount < 1;
}
