import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { FUNDING_REFUSAL } from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Funding Management' }, { timeout: 10_000 });

async function fillNewSource(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New source' }));
  const dialog = await screen.findByRole('dialog', { name: 'New funding source' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spring aid');
  await user.type(within(dialog).getByRole('textbox', { name: 'Budget' }), '60,000.50');
  await user.click(within(dialog).getByRole('combobox', { name: 'Terms' }));
  await user.click(await screen.findByRole('option', { name: 'Fall 2026 (Main Campus)' }));
  fireEvent.change(within(dialog).getByLabelText(/Charges from/), {
    target: { value: '2026-08-17' },
  });
  fireEvent.change(within(dialog).getByLabelText(/Charges until/), {
    target: { value: '2026-09-30' },
  });
  await user.type(within(dialog).getByRole('textbox', { name: 'Most one student may get' }), '600');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Digital' }));
  return dialog;
}

beforeEach(() => screenWidth(1280));

describe('Funding Management: the sources', { timeout: 30_000 }, () => {
  it('lists each source with its kind, terms, window, state and a bar of its budget', async () => {
    renderFunding();
    await heading();
    const card = await screen.findByRole('article', { name: 'Fall 2026 Book Advance' });
    expect(within(card).getByRole('link', { name: 'Fall 2026 Book Advance' })).toHaveAttribute(
      'href',
      '/funding-management/sources/1',
    );
    expect(card).toHaveTextContent('Financial aid');
    expect(card).toHaveTextContent('Fall 2026');
    expect(card).toHaveTextContent('08/17/2026 – 09/30/2026');
    expect(card).toHaveTextContent('Open for charges');
    expect(card).toHaveTextContent(
      'Budget $60,000.00 · Allocated $40,000.00 · Spent $12,000.00 · Remaining $20,000.00',
    );
    expect(within(card).getByRole('img', { name: /Budget used/ })).toHaveAccessibleName(
      'Budget used: Spent 20%, Unspent balances 47%, Remaining 33%',
    );
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'href',
      '/funding-management/reports',
    );
  });

  it('says when there is no source yet', async () => {
    const server = new FakeFundingServer();
    server.sources = [];
    renderFunding('/funding-management', { server });
    expect(await screen.findByText(/No funding sources yet/)).toBeVisible();
  });

  it('creates a source once however often it is clicked, in cents with its client key', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderFunding();
    await heading();
    const dialog = await fillNewSource(user);
    await user.dblClick(within(dialog).getByRole('button', { name: 'Create source' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/funding-management/sources/2'),
    );
    const posts = callsTo(calls, 'POST', 'sources');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { source: Record<string, unknown>; clientKey: string };
    expect(body.clientKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.source).toEqual({
      name: 'Spring aid',
      kind: 'FINANCIAL_AID',
      budgetCents: 6_000_050,
      termIds: [10],
      chargeStartsOn: '2026-08-17',
      chargeEndsOn: '2026-09-30',
      perStudentCapCents: 60_000,
      scope: 'REQUIRED_OWN_SECTIONS',
      spending: ['NEW', 'USED', 'RENTAL'],
      unspentPolicy: 'RETURN_TO_SOURCE',
      promotion: null,
    });
  });

  it('shows the server’s refusal on the field it names and keeps what was typed', async () => {
    const user = userEvent.setup();
    const server = new FakeFundingServer();
    server.createAnswer = () =>
      json(400, {
        message: 'Another source of this store already uses the code FALL-25.',
        field: 'source.promotion.code',
      });
    const { calls } = renderFunding('/funding-management', { server });
    await heading();
    const dialog = await fillNewSource(user);
    // A promotion asks for its fields; other kinds never show them.
    expect(within(dialog).queryByRole('textbox', { name: 'Shared code' })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Promotion' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Shared code' }), 'fall-25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount of each use' }), '25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Use limit' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Create source' }));
    const code = within(dialog).getByRole('textbox', { name: 'Shared code' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/already uses the code FALL-25/));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('fall-25');
    const body = callsTo(calls, 'POST', 'sources')[0]!.body as { source: { promotion: unknown } };
    expect(body.source.promotion).toEqual({ code: 'FALL-25', amountCents: 2500, useLimit: 500 });
  });

  it('checks the form before sending: a budget in words is refused on the field', async () => {
    const user = userEvent.setup();
    const { calls } = renderFunding();
    await heading();
    await user.click(await screen.findByRole('button', { name: 'New source' }));
    const dialog = await screen.findByRole('dialog', { name: 'New funding source' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Budget' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Create source' }));
    expect(
      await within(dialog).findByText('Enter an amount in dollars, e.g. 250.00.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Enter a name.')).toBeVisible();
    expect(callsTo(calls, 'POST', 'sources')).toHaveLength(0);
  });

  it('tells a user without MANAGE_VOUCHERS that funding needs it, in the server’s words', async () => {
    const server = new FakeFundingServer();
    server.refuse = true;
    renderFunding('/funding-management', { server, actions: [] });
    await heading();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot manage funding');
    expect(alert).toHaveTextContent(FUNDING_REFUSAL);
    expect(screen.queryByRole('button', { name: 'New source' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Funding Management' })).toBeNull();
  });
});
