import type { ActionName } from '@csp/contracts';
import type { SessionApi } from './session-api.ts';
import {
  NO_CREDENTIALS,
  canRestoreSsoSession,
  canResumeSession,
  clearStoredCredentials,
  holdsForeignPassword,
  isCredentialKey,
  isRememberSecret,
  readStoredCredentials,
  storePasswordLogin,
  storeSsoLogin,
} from '../../lib/credential-storage.ts';
import type { ApiResponseInfo } from '../../lib/api-client.ts';
import { ResponseSignals } from './session-signals.ts';
import type { Session, SessionSnapshot } from './session-types.ts';

export type { Session, SessionSnapshot } from './session-types.ts';
export { RENEWAL_COOLDOWN_MS } from './session-signals.ts';

/** A restore whose answer arrived after a logout or another tab's sign-in; its result is dropped. */
class SupersededError extends Error {}

// setTimeout stores its delay in 32 bits; longer delays would fire at once.
const MAX_TIMER_MS = 2_147_483_647;

export class SessionStore {
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private restore: Promise<void> | null = null;
  private readonly attemptedTickets = new Set<string>();
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly api: SessionApi;
  /**
   * Bumped whenever the credentials are cleared or replaced (logout here, a change in another
   * tab). A restore started under an older generation must not write its answer back, or a
   * logout in another tab would be undone by a resume that was still in flight.
   */
  private generation = 0;
  private restoreGeneration = 0;

  private readonly signals: ResponseSignals;

  constructor(api: SessionApi) {
    this.api = api;
    this.signals = new ResponseSignals(api, {
      current: () => this.snapshot.session,
      drop: () => this.update({ session: null }),
      forget: () => this.forget(),
      setActions: (actions) => {
        const current = this.snapshot.session;
        if (current) this.update({ session: { ...current, actions } });
      },
    });
    let stored = readStoredCredentials();
    if (holdsForeignPassword(stored)) {
      clearStoredCredentials();
      stored = NO_CREDENTIALS;
    }
    this.snapshot = { session: null, restoring: false, signingOut: false, stored };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private update(patch: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Logs in with the form's password; only the returned remember-me secret is stored. */
  async login(userName: string, password: string): Promise<void> {
    const response = await this.api.login(userName, password);
    storePasswordLogin({
      token: response.token,
      username: response.userName,
      rememberSecret: response.rememberSecret,
    });
    this.establish(response);
  }

  /**
   * Automatic login from stored credentials. A stored token that the server still accepts is
   * used as it is, so a reload costs no remember-me rotation (and parallel tabs cannot race
   * one another over a single-use secret). Otherwise a single-sign-on login cannot be renewed
   * (the credentials are cleared and the guard sends the user to sign in again), and a password
   * login falls back to its remember-me secret. Concurrent callers share one request.
   */
  resume(): Promise<void> {
    const stored = readStoredCredentials();
    this.restore ??= this.runRestore(async () => {
      const usableToken =
        stored.token && stored.token !== this.signals.refusedToken ? stored.token : null;
      if (canRestoreSsoSession(stored)) {
        if (!usableToken) throw new Error('The single sign-on session has ended');
        return this.restoreFromToken(usableToken);
      }
      if (usableToken) {
        try {
          return await this.restoreFromToken(usableToken);
        } catch {
          // Expired or revoked token: the remember-me secret below renews the session.
        }
      }
      return this.resumeOnce(true);
    });
    return this.restore;
  }

  private async restoreFromToken(token: string): Promise<void> {
    const result = await this.api.fetchCurrentSession(token);
    this.assertCurrent();
    const stored = readStoredCredentials();
    if (isRememberSecret(stored.password)) {
      storePasswordLogin({
        token: result.token,
        username: result.userName,
        rememberSecret: stored.password,
      });
    } else {
      storeSsoLogin({ token: result.token, username: result.userName });
    }
    this.establish({ ...result, accountId: result.userAccountId });
  }

  hasAttemptedTicket(ticket: string): boolean {
    return this.attemptedTickets.has(ticket);
  }

  /** Completes a single-sign-on login from the ticket the provider handed back. */
  completeSso(ticket: string, userAccountId: string): Promise<void> {
    this.attemptedTickets.add(ticket);
    this.restore ??= this.runRestore(async () => {
      const result = await this.api.exchangeSamlTicket(ticket, userAccountId);
      this.assertCurrent();
      storeSsoLogin({ token: result.token, username: result.userName });
      this.establish({ ...result, accountId: result.userAccountId });
    });
    return this.restore;
  }

  /**
   * Revokes the remember-me secret on the server, forgets the session and credentials, then
   * calls `leave` to move the browser on. The guard waits throughout, so it cannot race `leave`
   * with a redirect of its own; `leave` returns 'unloading' when the page itself is going away
   * (single logout), and the wait then simply lasts until it has gone.
   */
  async logout(leave: () => Promise<'unloading' | void> | void = () => undefined): Promise<void> {
    const { stored, session } = this.snapshot;
    const secret = isRememberSecret(stored.password) ? stored.password : undefined;
    this.update({ signingOut: true });
    try {
      // A session dropped after a refusal or expiry still names its token, so the server can end it.
      await this.api.logout(secret, session?.token ?? stored.token ?? undefined);
    } catch {
      // Logging out locally must work even when the server cannot be reached.
    }
    this.forget();
    let outcome: 'unloading' | void = undefined;
    try {
      outcome = await leave();
    } finally {
      if (outcome !== 'unloading') this.update({ signingOut: false });
    }
  }

  /** Clears session and stored credentials together (docs/behaviour/flows.md). */
  forget(): void {
    this.generation++;
    clearTimeout(this.expiryTimer);
    clearStoredCredentials();
    this.update({ session: null, stored: NO_CREDENTIALS });
  }

  /** Drops an expired session; the guard then tries the remember-me secret before the login page. */
  expireIfStale(now = Date.now()): void {
    const session = this.snapshot.session;
    if (session && Date.parse(session.expiresAt) <= now) this.update({ session: null });
  }

  /**
   * Hears the answer to a call made with a token (api-client's onApiResponse): a refusal ends or
   * renews the session, a new roles version refreshes the actions (session-signals.ts).
   */
  noteResponse(info: ApiResponseInfo, now = Date.now()): void {
    this.signals.note(info, now);
  }

  /** Follows credential changes made in other tabs (a logout there logs out here too). */
  syncFromStorage(key: string | null): void {
    if (!isCredentialKey(key)) return;
    const stored = readStoredCredentials();
    const session = this.snapshot.session;
    // Another tab signed out, or signed in as someone else: this tab's session is not theirs.
    const stillOurs = session !== null && stored.token === session.token;
    if (!stillOurs) this.generation++;
    this.update({ stored, session: stillOurs ? session : null });
  }

  private async runRestore(work: () => Promise<void>): Promise<void> {
    this.restoreGeneration = this.generation;
    this.update({ restoring: true });
    try {
      await work();
    } catch (error) {
      // A superseded restore leaves alone the credentials another tab has since written.
      if (!(error instanceof SupersededError)) this.forget();
      throw error;
    } finally {
      this.restore = null;
      this.update({ restoring: false });
    }
  }

  private async resumeOnce(retryIfRotated: boolean): Promise<void> {
    const stored = readStoredCredentials();
    if (!canResumeSession(stored) || !stored.username || !stored.password) {
      throw new Error('No stored credentials to resume');
    }
    try {
      const response = await this.api.resume(stored.username, stored.password);
      this.assertCurrent();
      storePasswordLogin({
        token: response.token,
        username: response.userName,
        rememberSecret: response.rememberSecret,
      });
      this.establish(response);
    } catch (error) {
      if (error instanceof SupersededError) throw error;
      // Another tab may have used (and rotated) the secret meanwhile: try the new one once.
      const latest = readStoredCredentials().password;
      if (retryIfRotated && latest !== stored.password && isRememberSecret(latest)) {
        return this.resumeOnce(false);
      }
      throw error;
    }
  }

  private assertCurrent(): void {
    if (this.generation !== this.restoreGeneration) {
      throw new SupersededError('The sign-in changed while this one was in flight.');
    }
  }

  /**
   * docs/behaviour/flows.md: the session and permissions are replaced wholesale, never merged with a previous
   * user's. The sign-in answer already carries the actions the server computed for it, so they
   * are not fetched a second time; later role changes arrive through the roles version.
   */
  private establish(response: Omit<Session, 'actions'> & { actions: readonly ActionName[] }) {
    const actions = response.actions;
    const session: Session = {
      accountId: response.accountId,
      token: response.token,
      expiresAt: response.expiresAt,
      userName: response.userName,
      name: response.name,
      actions,
    };
    if (this.restore) this.assertCurrent();
    this.update({ session, stored: readStoredCredentials() });
    this.scheduleExpiry(session);
  }

  private scheduleExpiry(session: Session): void {
    clearTimeout(this.expiryTimer);
    const delay = Date.parse(session.expiresAt) - Date.now();
    if (Number.isNaN(delay)) return;
    this.expiryTimer = setTimeout(
      () => this.expireIfStale(),
      Math.min(Math.max(delay, 0), MAX_TIMER_MS),
    );
  }
}
