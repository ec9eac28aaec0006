import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemReducesMotion } from '../../test/screen-width.ts';
import { createBrandTheme } from './brand-theme.ts';

function ConfirmDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} aria-labelledby="t">
      <DialogTitle id="t">Cancel order?</DialogTitle>
    </Dialog>
  );
}

/** Renders an open dialog in the portal's theme, closes it, and says if it is gone 50 ms on. */
async function goneSoonAfterClosing(): Promise<boolean> {
  vi.useFakeTimers();
  const theme = createBrandTheme(null);
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
    systemReducesMotion(true);
    expect(await goneSoonAfterClosing()).toBe(true);
  });

  it('keeps the fade for everyone else', async () => {
    systemReducesMotion(false);
    expect(await goneSoonAfterClosing()).toBe(false);
  });

  it('still shows where keyboard focus is: the focus ripple stays, standing still', async () => {
    systemReducesMotion(true);
    render(
      <ThemeProvider theme={createBrandTheme(null)}>
        <Button>Keep order</Button>
      </ThemeProvider>,
    );
    await userEvent.setup().tab();
    const button = screen.getByRole('button', { name: 'Keep order' });
    expect(button).toHaveFocus();
    expect(button).toHaveClass('Mui-focusVisible');
    expect(button.querySelector('.MuiTouchRipple-ripplePulsate')).not.toBeNull();
  });
});
