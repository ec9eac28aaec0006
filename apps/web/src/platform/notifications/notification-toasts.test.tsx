import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from './notification-context.tsx';
import { NotificationStore, QUEUED_DURATION_MS } from './notification-store.ts';
import { NotificationToasts } from './notification-toasts.tsx';

describe('NotificationToasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the answer to the latest action a second later, not after the earlier toast's 5 seconds", () => {
    const store = new NotificationStore();
    render(
      <NotificationProvider store={store}>
        <NotificationToasts />
      </NotificationProvider>,
    );
    act(() => {
      store.notify({ type: 'success', message: 'Downloaded course-catalog.xlsx.', timeout: true });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Downloaded course-catalog.xlsx.');
    act(() => {
      store.notify({ type: 'error', message: 'The export failed: not sent.', timeout: true });
    });
    // The earlier answer stays one more second, so it is read, then the later one shows.
    expect(screen.getByRole('status')).toHaveTextContent('Downloaded course-catalog.xlsx.');
    act(() => vi.advanceTimersByTime(QUEUED_DURATION_MS + 50));
    expect(screen.getByRole('alert')).toHaveTextContent('The export failed: not sent.');
    expect(screen.queryByText('Downloaded course-catalog.xlsx.')).not.toBeInTheDocument();
  });
});
