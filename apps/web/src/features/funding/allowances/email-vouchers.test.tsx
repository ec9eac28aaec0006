import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';

beforeEach(() => screenWidth(1280));

describe("E-mailing a source's vouchers", { timeout: 30_000 }, () => {
  it('confirms how many and who is left out, shows the run going, then what the mail server refused', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    server.mailRefused = 2;
    const { calls } = renderFunding('/funding-management/sources/1', { server });
    const button = await screen.findByRole(
      'button',
      { name: 'E-mail 57 vouchers' },
      { timeout: 10_000 },
    );
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'E-mail 57 vouchers?' });
    expect(dialog).toHaveTextContent(
      '3 students have no e-mail address and are left out: print those vouchers instead.',
    );
    const listedBefore = callsTo(calls, 'GET', 'sources/1/allowances').length;
    await user.click(within(dialog).getByRole('button', { name: 'E-mail 57 vouchers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', 'sources/1/vouchers/email')).toHaveLength(1);

    // The answer says they are on their way: progress at once, then polled.
    expect(await screen.findByText('E-mailing vouchers: 0 of 57 sent…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'E-mailing vouchers…' })).toBeDisabled();
    expect(
      await screen.findByText('E-mailing vouchers: 30 of 57 sent…', {}, { timeout: 5_000 }),
    ).toBeVisible();
    const done = await screen.findByText(/55 vouchers e-mailed\./, {}, { timeout: 5_000 });
    expect(done).toHaveTextContent(
      '55 vouchers e-mailed. 2 vouchers were not sent: the mail server refused them. Try again later.',
    );
    // The list is read again, so each row shows its voucher e-mailed; the refused can go again.
    await waitFor(() =>
      expect(callsTo(calls, 'GET', 'sources/1/allowances').length).toBeGreaterThan(listedBefore),
    );
    expect(screen.getByRole('button', { name: 'E-mail 2 vouchers' })).toBeEnabled();
  });

  it('has nothing to send once every voucher with an address is e-mailed', async () => {
    const server = new FakeFundingServer();
    server.mailing = { unsent: 0, sending: 0, withoutEmail: 0, emailed: 60 };
    renderFunding('/funding-management/sources/1', { server });
    expect(
      await screen.findByRole('button', { name: 'E-mail vouchers' }, { timeout: 10_000 }),
    ).toBeDisabled();
  });
});
