import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FUNDING_MESSAGES } from '@csp/contracts';
import { fundingSource } from '../../../test/funding/funding-fixtures.ts';
import {
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';

beforeEach(() => screenWidth(1280));

describe('A funding source', { timeout: 30_000 }, () => {
  it('refuses a stale edit with the server’s message and saves it over a reload, typing kept', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    const { calls } = renderFunding('/funding-management/sources/1', { server });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Fall 2026 Book Advance' },
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Edit source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Fall 2026 Book Advance' });
    // The form holds the source as it is, in dollars.
    expect(within(dialog).getByRole('textbox', { name: 'Budget' })).toHaveValue('60000.00');
    // Meanwhile someone else changes it.
    server.sources[0] = fundingSource({ version: 4, name: 'Renamed elsewhere' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Fall advance');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(FUNDING_MESSAGES.changedMeanwhile)).toBeVisible();
    expect((callsTo(calls, 'PUT', 'sources/1')[0]!.body as { version: number }).version).toBe(3);

    // Meanwhile the budget changed too: the reload takes it, and keeps the name as typed.
    server.sources[0] = fundingSource({
      version: 4,
      name: 'Renamed elsewhere',
      figures: { ...fundingSource().figures, budgetCents: 7_000_000 },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reload the source' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Budget' })).toHaveValue('70000.00'),
    );
    expect(name).toHaveValue('Fall advance');
    expect(within(dialog).queryByText(FUNDING_MESSAGES.changedMeanwhile)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const puts = callsTo(calls, 'PUT', 'sources/1');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({
      version: 4,
      source: { name: 'Fall advance', budgetCents: 7_000_000 },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fall advance' })).toBeVisible();
  });

  it('shows allowances as cards on a phone, with the same actions', async () => {
    screenWidth(360);
    renderFunding('/funding-management/sources/1');
    const list = await screen.findByRole('list', { name: 'Allowances' }, { timeout: 10_000 });
    const [first] = await within(list).findAllByRole('listitem');
    expect(first!).toHaveTextContent('Allocated $500.00 · Spent $100.00 · Balance $400.00');
    expect(
      within(first!).getByRole('button', { name: 'Print voucher of Student Number 001' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next page of allowances' })).toBeEnabled();
  });
});
