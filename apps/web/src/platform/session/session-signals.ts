import type { ActionName } from '@csp/contracts';
import type { ApiResponseInfo } from '../../lib/api-client.ts';
import type { SessionApi } from './session-api.ts';
import type { Session } from './session-types.ts';

/**
 * A session renewed after a refusal that is refused again within this time ends the sign-in:
 * the server is ending every session of the account (password reset, deactivation), and
 * renewing again would loop.
 */
export const RENEWAL_COOLDOWN_MS = 60_000;

/** What the signals may read and change of the session store. */
export interface SignalTarget {
  current(): Session | null;
  /** Drops the session (the guard then tries the remember-me secret once). */
  drop(): void;
  /** Ends the sign-in: session and stored credentials. */
  forget(): void;
  setActions(actions: readonly ActionName[]): void;
}

/** What the answers to calls made with a token tell the session store. */
export class ResponseSignals {
  /** The last roles version the server sent, and for which token. */
  private rolesSeen: { token: string; version: string } | null = null;
  /** The roles version the actions were last fetched again for (after a change or a 403). */
  private actionsFetchedFor: { token: string; version: string } | null = null;
  /** Numbers the action refetches, so an older answer arriving late cannot overwrite a newer one. */
  private actionsRequest = 0;
  /** The token the server last refused (401), and when: it is never presented again. */
  private refused: { token: string; at: number } | null = null;

  constructor(
    private readonly api: SessionApi,
    private readonly target: SignalTarget,
  ) {}

  /** The token the server last refused, never presented again. */
  get refusedToken(): string | undefined {
    return this.refused?.token;
  }

  /**
   * Hears the answer to a call made with a token (api-client's onApiResponse). A 401 for the
   * current token means the server ended the session (a logout elsewhere, a password reset,
   * single logout at the identity provider): it is dropped like an expired one, so the guard
   * tries the remember-me secret once and otherwise shows the login page. When a session just
   * renewed that way is refused again within RENEWAL_COOLDOWN_MS, the sign-in is ended instead
   * of renewing in a loop. A new roles version for the current token means the user's roles
   * changed, and a 403 may mean the same before any version was seen: the actions are fetched
   * again, at most once per version.
   */
  note(info: ApiResponseInfo, now: number): void {
    const session = this.target.current();
    if (info.status === 401) {
      if (session?.token !== info.token) return;
      const previous = this.refused;
      this.refused = { token: info.token, at: now };
      if (previous && now - previous.at < RENEWAL_COOLDOWN_MS) this.target.forget();
      else this.target.drop();
      return;
    }
    if (info.rolesVersion === null || session?.token !== info.token) return;
    const seen = this.rolesSeen;
    this.rolesSeen = { token: info.token, version: info.rolesVersion };
    const changed = seen?.token === info.token && seen.version !== info.rolesVersion;
    const fetched = this.actionsFetchedFor;
    const fetchedForThis = fetched?.token === info.token && fetched.version === info.rolesVersion;
    if (changed || (info.status === 403 && !fetchedForThis)) {
      this.refreshActions(session, info.rolesVersion);
    }
  }

  private refreshActions(session: Session, version: string): void {
    this.actionsFetchedFor = { token: session.token, version };
    const request = ++this.actionsRequest;
    this.api
      .getUserActions(session.accountId, session.userName, session.token)
      .then((actions) => {
        const current = this.target.current();
        if (request !== this.actionsRequest || current?.token !== session.token) return;
        this.target.setActions(actions);
      })
      .catch(() => {
        // The next new version tries again; the server enforces the roles meanwhile.
      });
  }
}
