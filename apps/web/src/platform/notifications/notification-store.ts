/** docs/behaviour/entities.md#notification. */
export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface AppNotification {
  id: number;
  type: NotificationType;
  message: string;
  /** docs/behaviour/constants.md: flagged notifications stay 5000 ms instead of the default 3000 ms. */
  timeout: boolean;
}

export type NotifyInput = Omit<AppNotification, 'id' | 'timeout'> & { timeout?: boolean };

export const TIMEOUT_DURATION_MS = 5000;
export const DEFAULT_DURATION_MS = 3000;

export function notificationDuration(notification: Pick<AppNotification, 'timeout'>): number {
  return notification.timeout ? TIMEOUT_DURATION_MS : DEFAULT_DURATION_MS;
}

/**
 * How long the toast on screen stays once another waits behind it. Every toast answers something
 * the user did, so a newer one answers a later action: waiting out the older one's 3 or 5 seconds
 * kept the user waiting (an export e-mailed right after a download was confirmed ~4.8 s after
 * the server's answer), and replacing it at once lost it (two vouchers e-mailed together
 * confirmed only the second). The older one gets one more second, then the next is shown.
 */
export const QUEUED_DURATION_MS = 1000;

/**
 * The toasts: the first is on screen, the rest wait (notification-toasts.tsx). A store rather than
 * React state so the guard can use it outside render.
 */
export class NotificationStore {
  private items: readonly AppNotification[] = [];
  private pending: AppNotification[] = [];
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly AppNotification[] => this.items;

  private set(items: readonly AppNotification[]): void {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  private create(input: NotifyInput): AppNotification {
    return { id: this.nextId++, timeout: false, ...input };
  }

  /** Queues `input` after the toasts there are (the one on screen then stays QUEUED_DURATION_MS). */
  notify = (input: NotifyInput): number => {
    const notification = this.create(input);
    this.set([...this.items, notification]);
    return notification.id;
  };

  /**
   * For a message that explains a redirect: it is shown after the navigation, which would
   * otherwise clear it straight away.
   */
  notifyAfterNavigation = (input: NotifyInput): void => {
    this.pending.push(this.create(input));
  };

  dismiss = (id: number): void => {
    this.set(this.items.filter((item) => item.id !== id));
  };

  /** docs/behaviour/routes-and-guard.md#route-guard step 4: every navigation clears the notifications of the page left behind. */
  onNavigation = (): void => {
    const carried = this.pending;
    this.pending = [];
    if (this.items.length === 0 && carried.length === 0) return;
    this.set(carried);
  };
}
