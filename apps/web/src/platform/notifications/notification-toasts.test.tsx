import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationProvider } from './notification-context.tsx';
import { NotificationStore } from './notification-store.ts';
import { NotificationToasts } from './notification-toasts.tsx';

describe('NotificationToasts', () => {
  it('shows the answer to the latest action at once instead of after the earlier toast', () => {
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

    // No timer is advanced: the earlier toast's 5 seconds are not waited out.
    act(() => {
      store.notify({ type: 'error', message: 'The export failed: not sent.', timeout: true });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The export failed: not sent.');
    expect(screen.queryByText('Downloaded course-catalog.xlsx.')).not.toBeInTheDocument();
  });
});
