import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';

const grid = () => screen.findByRole('grid', { name: 'Allowances' }, { timeout: 10_000 });
const allowanceQueries = (calls: Parameters<typeof callsTo>[0]) =>
  callsTo(calls, 'GET', 'sources/1/allowances').map((c) => Object.fromEntries(c.url.searchParams));

/**
 * A search is a navigation (the URL holds it), which React renders as a transition: on a loaded
 * two-core test machine re-rendering the grid that way can take longer than the usual 5 s bound.
 */
const SEARCH_WAIT = { timeout: 15_000 };

beforeEach(() => screenWidth(1280));

describe('A source’s allowances', { timeout: 45_000 }, () => {
  it('pages and searches through the server, one request per pause in typing', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderFunding('/funding-management/sources/1');
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
    expect(router.state.location.search).toBe('?page=2');

    await user.type(
      screen.getByRole('searchbox', { name: 'Search by student ID or name' }),
      '90000004',
    );
    expect(
      await screen.findByText('10 allowances match “90000004”', {}, SEARCH_WAIT),
    ).toBeVisible();
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
    // The search is in the URL, and a new search went back to the first page.
    expect(router.state.location.search).toBe('?q=90000004');
  });

  it('opens on the search, sort and page of its link', async () => {
    const { calls } = renderFunding(
      '/funding-management/sources/1?q=Number&sort=studentIdNum&dir=desc&page=2',
    );
    const table = await grid();
    expect(await within(table).findByRole('row', { name: /900000026/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search by student ID or name' })).toHaveValue(
      'Number',
    );
    expect(allowanceQueries(calls)).toEqual([
      {
        search: 'Number',
        page: '2',
        pageSize: '25',
        sortField: 'studentIdNum',
        sortDirection: 'desc',
      },
    ]);
  });

  it('says it is searching, not the last search’s count, while a search loads', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderFunding('/funding-management/sources/1');
    await grid();
    expect(await screen.findByText('60 allowances')).toBeVisible();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('search=')) await held;
      return original(input, init);
    });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by student ID or name' }),
      '90000004',
    );
    expect(await screen.findByText('Searching…', {}, SEARCH_WAIT)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByText(/60 allowances/)).toBeNull();
    release();
    expect(
      await screen.findByText('10 allowances match “90000004”', {}, SEARCH_WAIT),
    ).toBeVisible();
  });

  it('e-mails a voucher once however quickly it is clicked, and reports each e-mail', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    let release = () => {};
    server.holdEmails = new Promise((resolve) => (release = resolve));
    const { calls } = renderFunding('/funding-management/sources/1', { server });
    const table = await grid();
    const first = await within(table).findByRole('row', { name: /900000001/ });
    const second = within(table).getByRole('row', { name: /900000002/ });
    const emailFirst = within(first).getByRole('button', {
      name: 'E-mail voucher to Student Number 001',
    });
    // Two quick clicks on A, then B while A is still on its way.
    await user.dblClick(emailFirst);
    expect(emailFirst).toHaveAttribute('aria-disabled', 'true');
    await user.click(
      within(second).getByRole('button', { name: 'E-mail voucher to Student Number 002' }),
    );
    await waitFor(() => expect(callsTo(calls, 'POST', 'allowances/502/email')).toHaveLength(1));
    release();
    expect(await screen.findByText('Voucher e-mailed to s001@example.edu.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(await screen.findByText('Voucher e-mailed to s002@example.edu.')).toBeVisible();
    expect(callsTo(calls, 'POST', 'allowances/501/email')).toHaveLength(1);
    expect(callsTo(calls, 'POST', 'allowances/502/email')).toHaveLength(1);
    await waitFor(() => expect(emailFirst).not.toHaveAttribute('aria-disabled'));
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
    const charge = await within(ledger).findByRole('row', { name: /9000001 Student 1/ });
    expect(charge).toHaveTextContent('Charged to an order');
    expect(charge).toHaveTextContent('-$42.10');
    expect(charge).toHaveTextContent('#8801');
    expect(within(ledger).getByRole('row', { name: /9000002 Student 2/ })).toHaveTextContent(
      '+$500.00',
    );
    expect(callsTo(calls, 'GET', 'sources/1/ledger').at(-1)?.url.search).toBe(
      '?page=1&pageSize=25',
    );
    // The ledger's page is in the URL under its own key; the tab change added no history entry.
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=ledger&lpage=2'));
    expect(callsTo(calls, 'GET', 'sources/1/ledger').at(-1)?.url.search).toBe(
      '?page=2&pageSize=25',
    );
    await user.type(
      screen.getByRole('searchbox', { name: 'Search by student ID or name' }),
      'Student 3',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=ledger&lq=Student+3'));
  });
});
