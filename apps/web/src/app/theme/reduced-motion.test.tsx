import { act, render, screen } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrandTheme } from './brand-theme.ts';

function ConfirmDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} aria-labelledby="t">
      <DialogTitle id="t">Cancel order?</DialogTitle>
    </Dialog>
  );
}

/** Renders an open dialog under the theme, closes it, and says whether it is gone 50 ms later. */
async function goneSoonAfterClosing(reducedMotion: boolean): Promise<boolean> {
  vi.useFakeTimers();
  const theme = createBrandTheme(null, { reducedMotion });
  const view = render(
    <ThemeProvider theme={theme}>
      <ConfirmDialog open />
    </ThemeProvider>,
  );
  expect(screen.getByRole('dialog', { name: 'Cancel order?' })).toBeInTheDocument();
  view.rerender(
    <ThemeProvider theme={theme}>
      <ConfirmDialog open={false} />
    </ThemeProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(50));
  return screen.queryByRole('dialog') === null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reduced motion (prefers-reduced-motion: reduce)', () => {
  it('closes a dialog at once instead of fading it out', async () => {
    expect(await goneSoonAfterClosing(true)).toBe(true);
  });

  it('keeps the fade for everyone else', async () => {
    expect(await goneSoonAfterClosing(false)).toBe(false);
  });

  it('takes the ripple off buttons and gives menus no opening time', () => {
    const theme = createBrandTheme(null, { reducedMotion: true });
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(createBrandTheme(null).transitions.getAutoHeightDuration(400)).toBeGreaterThan(0);
  });
});
