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

  it('queues a newer notification behind the one on screen, losing neither', () => {
    const store = new NotificationStore();
    const first = store.notify({ type: 'success', message: 'Downloaded the file.', timeout: true });
    store.notify({ type: 'error', message: 'Not sent.', timeout: true });
    expect(store.getSnapshot().map((n) => n.message)).toEqual([
      'Downloaded the file.',
      'Not sent.',
    ]);
    store.dismiss(first);
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['Not sent.']);
  });

  it('dismisses the notification by id', () => {
    const store = new NotificationStore();
    const id = store.notify({ type: 'warning', message: 'two', timeout: true });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('after a navigation shows every notice kept for it, in order', () => {
    const store = new NotificationStore();
    store.notifyAfterNavigation({ type: 'info', message: 'first' });
    store.notifyAfterNavigation({ type: 'error', message: 'second' });
    store.onNavigation();
    expect(store.getSnapshot().map((n) => n.message)).toEqual(['first', 'second']);
  });
});
