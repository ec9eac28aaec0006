import type { ActionName } from '@csp/contracts';
import type { StoredCredentials } from '../../lib/credential-storage.ts';

/** The user session of docs/behaviour/entities.md, in memory only. */
export interface Session {
  accountId: number;
  token: string;
  expiresAt: string;
  userName: string;
  name: string;
  actions: readonly ActionName[];
}

export interface SessionSnapshot {
  session: Session | null;
  /** An automatic login is in flight (remember-me resume or single-sign-on ticket). */
  restoring: boolean;
  /** A logout is moving the browser away; the guard waits instead of redirecting. */
  signingOut: boolean;
  stored: StoredCredentials;
}
