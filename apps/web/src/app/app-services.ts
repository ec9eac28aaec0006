import { QueryClient } from '@tanstack/react-query';
import { createHttpSessionApi } from '../features/account/api/session-api.ts';
import type { SessionApi } from '../features/account/api/session-api.ts';
import type { AppServices } from './app-providers.tsx';
import { NotificationStore } from './notifications/notification-store.ts';
import { SessionStore } from './session/session-store.ts';

export function createAppServices(sessionApi: SessionApi = createHttpSessionApi()): AppServices {
  return {
    queryClient: new QueryClient({
      // Refetching on every window focus would surprise staff mid-task on a busy counter.
      defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    }),
    sessionStore: new SessionStore(sessionApi),
    notificationStore: new NotificationStore(),
  };
}
