import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { AppNotification, NotificationStore, NotifyInput } from './notification-store.ts';

const NotificationContext = createContext<NotificationStore | null>(null);

export function NotificationProvider({
  store,
  children,
}: {
  store: NotificationStore;
  children: ReactNode;
}) {
  return <NotificationContext.Provider value={store}>{children}</NotificationContext.Provider>;
}

export function useNotificationStore(): NotificationStore {
  const store = useContext(NotificationContext);
  if (!store) throw new Error('useNotificationStore must be used inside <NotificationProvider>');
  return store;
}

/** Shows a toast: `notify({ type: 'success', message: 'Saved.' })`; returns its id. */
export function useNotify(): (input: NotifyInput) => number {
  return useNotificationStore().notify;
}

export function useNotifications(): readonly AppNotification[] {
  const store = useNotificationStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
