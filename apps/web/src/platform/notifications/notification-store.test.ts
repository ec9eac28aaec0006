import { describe, expect, it } from 'vitest';
import { NotificationStore, notificationDuration } from './notification-store.ts';

describe('NotificationStore', () => {
  it('uses 5000 ms for notifications with the timeout flag and 3000 ms otherwise', () => {
    expect(notificationDuration({ timeout: true })).toBe(5000);
    expect(notificationDuration({ timeout: false })).toBe(3000);
  });

  it('clears notifications on navigation', () => {
    const store = new NotificationStore();
    store.notify({ type: 'success', message: 'Saved.' });
    store.onNavigation();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('shows a redirect notice after the navigation instead of losing it', () => {
    const store = new NotificationStore();
    store.notify({ type: 'info', message: 'Old page message' });
    store.notifyAfterNavigation({ type: 'error', message: 'You do not have permission.' });
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Old page message']);
    store.onNavigation();
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['You do not have permission.']);
  });

  it('dismisses one notification by id', () => {
    const store = new NotificationStore();
    const first = store.notify({ type: 'info', message: 'one' });
    store.notify({ type: 'warning', message: 'two', timeout: true });
    store.dismiss(first);
    expect(store.getSnapshot()).toMatchObject([{ message: 'two', timeout: true }]);
  });
});
