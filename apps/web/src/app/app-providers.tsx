import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { NotificationProvider } from '../platform/notifications/notification-context.tsx';
import type { NotificationStore } from '../platform/notifications/notification-store.ts';
import { SessionProvider } from '../platform/session/session-context.tsx';
import type { SessionStore } from '../platform/session/session-store.ts';
import { BrandThemeProvider } from './theme/brand-theme-provider.tsx';
import { WebsiteProvider } from '../platform/website/website-context.tsx';

export interface AppServices {
  queryClient: QueryClient;
  sessionStore: SessionStore;
  notificationStore: NotificationStore;
}

/** Everything the router's pages rely on; the stores are passed in so tests can supply fakes. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={services.queryClient}>
      <SessionProvider store={services.sessionStore}>
        <NotificationProvider store={services.notificationStore}>
          <WebsiteProvider>
            <BrandThemeProvider>{children}</BrandThemeProvider>
          </WebsiteProvider>
        </NotificationProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
