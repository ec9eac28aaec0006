import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, renderFunding, screenWidth } from '../test/funding-fake-server.ts';

const grid = () => screen.findByRole('grid', { name: 'Allowances' }, { timeout: 10_000 });
const allowanceQueries = (calls: Parameters<typeof callsTo>[0]) =>
  callsTo(calls, 'GET', 'sources/1/allowances').map((c) => Object.fromEntries(c.url.searchParams));

beforeEach(() => screenWidth(1280));

describe('A source’s allowances', { timeout: 45_000 }, () => {
  it('pages and searches through the server, one request per pause in typing', async () => {
    const user = userEvent.setup();
    const { calls } = renderFunding('/funding-management/sources/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fall 2026 Book Advance' }),
    ).toBeVisible();
    const table = await grid();
    expect(await within(table).findByRole('row', { name: /900000001/ })).toHaveTextContent(
      'Student Number 001',
    );
    expect(screen.getByText('60 allowances')).toBeVisible();
    expect(allowanceQueries(calls).at(-1)).toEqual({
      page: '1',
      pageSize: '25',
      sortField: 'lastName',
      sortDirection: 'asc',
    });

    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await within(table).findByRole('row', { name: /900000026/ })).toBeVisible();
    expect(allowanceQueries(calls).at(-1)).toMatchObject({ page: '2', pageSize: '25' });

    await user.type(
      screen.getByRole('searchbox', { name: 'Search by student ID or name' }),
      '90000004',
    );
    expect(await screen.findByText('10 allowances match “90000004”')).toBeVisible();
    const searched = allowanceQueries(calls).filter((q) => q['search']);
    // One request for the search as typed once typing paused, back on the first page.
    expect(searched).toEqual([
      {
        search: '90000004',
        page: '1',
        pageSize: '25',
        sortField: 'lastName',
        sortDirection: 'asc',
      },
    ]);
    expect(within(table).getByRole('row', { name: /900000040/ })).toBeVisible();
  });

  it('e-mails a voucher and says to which address', async () => {
    const user = userEvent.setup();
    const { calls } = renderFunding('/funding-management/sources/1');
    const table = await grid();
    const row = await within(table).findByRole('row', { name: /900000001/ });
    await user.click(
      within(row).getByRole('button', { name: 'E-mail voucher to Student Number 001' }),
    );
    expect(await screen.findByText('Voucher e-mailed to s001@example.edu.')).toBeVisible();
    expect(callsTo(calls, 'POST', 'allowances/501/email')).toHaveLength(1);
  });

  it('adds an allowance with its client key, the server’s refusal on the field it names', async () => {
    const user = userEvent.setup();
    const { calls } = renderFunding('/funding-management/sources/1');
    await grid();
    await user.click(screen.getByRole('button', { name: 'Add allowance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an allowance' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Student ID' }), '123');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Add allowance' }));
    const posts = await waitFor(() => {
      const sent = callsTo(calls, 'POST', 'sources/1/allowances');
      expect(sent).toHaveLength(1);
      return sent;
    });
    expect(posts[0]!.body).toMatchObject({ studentIdNum: '123', amountCents: 25_000, note: '' });
    expect((posts[0]!.body as { clientKey: string }).clientKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(dialog).getByRole('textbox', { name: 'Student ID' })).toHaveAccessibleDescription(
      'No student with ID 123 at this store.',
    );
  });

  it('shows that a source does not exist rather than an empty page', async () => {
    renderFunding('/funding-management/sources/999');
    expect(
      await screen.findByText('Funding source not found', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the funding sources' })).toBeVisible();
  });

  it('keeps the open tab in the URL and lists the ledger newest first with signed amounts', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderFunding('/funding-management/sources/1');
    await grid();
    await user.click(screen.getByRole('tab', { name: 'Ledger' }));
    expect(router.state.location.search).toBe('?tab=ledger');
    const ledger = await screen.findByRole('grid', { name: 'Ledger entries' });
    const charge = await within(ledger).findByRole('row', { name: /Student 1 \(9000001\)/ });
    expect(charge).toHaveTextContent('Charged to an order');
    expect(charge).toHaveTextContent('-$42.10');
    expect(charge).toHaveTextContent('#8801');
    expect(within(ledger).getByRole('row', { name: /Student 2 \(9000002\)/ })).toHaveTextContent(
      '+$500.00',
    );
    expect(callsTo(calls, 'GET', 'sources/1/ledger').at(-1)?.url.search).toBe(
      '?page=1&pageSize=25',
    );
  });
});
