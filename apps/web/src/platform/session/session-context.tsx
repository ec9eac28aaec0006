import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ActionName } from '@csp/contracts';
import { onApiResponse } from '../../lib/api-client.ts';
import type { Session, SessionSnapshot, SessionStore } from './session-store.ts';

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => store.syncFromStorage(event.key);
    window.addEventListener('storage', onStorage);
    const stopListening = onApiResponse((info) => store.noteResponse(info));
    return () => {
      window.removeEventListener('storage', onStorage);
      stopListening();
    };
  }, [store]);
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

/** The store itself, for login, logout and the guard's automatic logins. */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore must be used inside <SessionProvider>');
  return store;
}

export interface SessionView extends SessionSnapshot {
  loggedIn: boolean;
  actions: readonly ActionName[];
}

const NO_ACTIONS: readonly ActionName[] = [];

function view(snapshot: SessionSnapshot): SessionView {
  const session: Session | null = snapshot.session;
  return { ...snapshot, loggedIn: session !== null, actions: session?.actions ?? NO_ACTIONS };
}

/** The current session (null when logged out), its actions, and the stored credentials. */
export function useSession(): SessionView {
  const store = useSessionStore();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return view(snapshot);
}
