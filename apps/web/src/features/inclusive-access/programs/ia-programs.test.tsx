import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '../../../test/fetch-stub.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import {
  FakeProgramsServer,
  IA_BASE,
  renderPrograms,
} from '../../../test/inclusive-access/programs-fake-server.ts';

const callsTo = (calls: StubRequest[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path);

describe('Inclusive access programs', () => {
  it('lists the terms with their dates and figures, and edits the dates in a dialog', async () => {
    const server = new FakeProgramsServer();
    const { calls } = renderPrograms(server, '/inclusive-access');
    const card = await screen.findByRole('article', { name: 'Fall 2026, Main Campus' });
    expect(screen.getByRole('heading', { level: 1, name: 'Inclusive access' })).toBeVisible();
    expect(within(card).getByText(/Opt out by 09\/20\/2026 · no refund window/)).toBeVisible();
    expect(within(card).getByText('Opt-out rate').nextSibling).toHaveTextContent('25%');
    expect(
      within(card).getByRole('link', { name: 'Programs of Fall 2026, Main Campus' }),
    ).toHaveAttribute('href', '/inclusive-access/terms/31');

    const user = userEvent.setup();
    await user.click(
      within(card).getByRole('button', { name: 'Edit dates of Fall 2026, Main Campus' }),
    );
    const dialog = await screen.findByRole('dialog');
    const deadline = within(dialog).getByLabelText('Opt-out deadline');
    fireEvent.change(deadline, { target: { value: '2026-12-30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText("Must be on or before the term's last day"),
    ).toBeVisible();
    fireEvent.change(deadline, { target: { value: '2026-09-25' } });
    fireEvent.change(within(dialog).getByLabelText('Refund window ends'), {
      target: { value: '2026-10-05' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'PUT', `${IA_BASE}/terms/31`).map((c) => c.body)).toEqual([
      { optOutDeadline: '2026-12-30', refundUntil: null },
      { optOutDeadline: '2026-09-25', refundUntil: '2026-10-05' },
    ]);
    expect(
      await within(card).findByText(/Opt out by 09\/25\/2026 · drops credited until 10\/05\/2026/),
    ).toBeVisible();
  });

  it('leads store-wide managers to the integration token, and nobody else', async () => {
    const server = new FakeProgramsServer();
    const { calls } = renderPrograms(server, '/inclusive-access');
    const panel = await screen.findByRole('region', { name: "Publishers' and LMS access" });
    expect(panel).toHaveTextContent('integration token, made 08/01/2026');
    expect(
      within(panel).getByRole('link', { name: 'Manage the integration token' }),
    ).toHaveAttribute('href', '/inclusive-access/integration');
    expect(callsTo(calls, 'GET', `${IA_BASE}/integrationToken`)).toHaveLength(1);
  });

  it('offers to set the integration up when the store has no token', async () => {
    const server = new FakeProgramsServer();
    server.tokenMadeAt = null;
    renderPrograms(server, '/inclusive-access');
    const panel = await screen.findByRole('region', { name: "Publishers' and LMS access" });
    expect(panel).toHaveTextContent('the store has no integration token');
    expect(within(panel).getByRole('link', { name: 'Set up the integration' })).toBeVisible();
  });

  it('shows no integration to a manager of one division (the token refuses them)', async () => {
    const server = new FakeProgramsServer();
    server.tokenRefused = true;
    const { calls } = renderPrograms(server, '/inclusive-access');
    await screen.findByRole('article', { name: 'Fall 2026, Main Campus' });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', `${IA_BASE}/integrationToken`)).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: "Publishers' and LMS access" })).toBeNull();
    expect(screen.queryByRole('link', { name: /integration/ })).toBeNull();
  });

  it('says so when the terms cannot load, and offers to try again', async () => {
    const server = new FakeProgramsServer();
    server.failTerms = true;
    renderPrograms(server, '/inclusive-access');
    expect(await screen.findByText(/Could not load the terms/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it("lists a term's programs, adds a section at a price in dollars, and shows participants' history", async () => {
    screenWidth(1280);
    const server = new FakeProgramsServer();
    renderPrograms(server, '/inclusive-access/terms/31');
    const table = await screen.findByRole('table', { name: 'Programs of Fall 2026' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('BIO 101, section 001');
    expect(row).toHaveTextContent('Campbell Biology ($59.99)');
    expect(row).toHaveTextContent('25%');
    expect(
      within(row).getByRole('button', {
        name: 'Download access list (CSV) for BIO 101, section 001',
      }),
    ).toBeEnabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Add a section/ }));
    await user.click(await screen.findByRole('option', { name: /section 002/ }));
    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    const editor = await screen.findByRole('dialog', {
      name: /Edit program: BIO 101, section 002/,
    });
    await user.click(within(editor).getByRole('checkbox', { name: /Campbell Biology/ }));
    const price = within(editor).getByRole('textbox', {
      name: 'Price per student for Campbell Biology',
    });
    expect(price).toHaveValue('64.99');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(
      await within(editor).findByText('Enter a price in dollars, more than $0.00.'),
    ).toBeVisible();
    await user.clear(price);
    await user.type(price, '59.99');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]!.body).toEqual({
      model: 'OPT_OUT',
      materials: [{ adoptionMaterialId: 10, priceCents: 5999 }],
    });

    await user.click(screen.getByRole('button', { name: 'Participants of BIO 101, section 001' }));
    const list = await screen.findByRole('list', { name: 'Participants list' });
    expect(within(list).getByText('Able, Ann')).toBeVisible();
    expect(within(list).getByText('Out')).toBeVisible();
    expect(
      within(list).getByText('Enrolled · 08/20/2026 · joined the program (Pat Lee)'),
    ).toBeVisible();
    expect(within(list).getByText('Opted out · 09/02/2026 · the student')).toBeVisible();
  });

  it("leads a division's manager to the term's charge files and shows its reminders", async () => {
    screenWidth(1280);
    renderPrograms(new FakeProgramsServer(), '/inclusive-access/terms/31');
    expect(await screen.findByRole('link', { name: 'Charge files' })).toHaveAttribute(
      'href',
      '/inclusive-access/terms/31/charges',
    );
    expect(screen.getByText(/fixed in a charge file after the opt-out deadline/)).toBeVisible();
    const reminders = await screen.findByRole('region', { name: 'Reminders to students' });
    expect(await within(reminders).findByText('Start of term')).toBeVisible();
    expect(reminders).toHaveTextContent(
      '4 planned · 2 sent · 1 failing (retried until the deadline) · 1 waiting',
    );
    expect(within(reminders).getByText(/last sent 08\/24\/2026/)).toBeVisible();
    expect(within(reminders).getByText('3 days before the deadline')).toBeVisible();
    expect(
      within(reminders).getByText(
        'None planned yet: sent from 09/17/2026 until the deadline, 09/20/2026.',
      ),
    ).toBeVisible();
  });

  it('says no reminder goes before the term has a deadline', async () => {
    const server = new FakeProgramsServer();
    server.reminders = { ...server.reminders, deadline: null };
    renderPrograms(server, '/inclusive-access/terms/31');
    const reminders = await screen.findByRole('region', { name: 'Reminders to students' });
    expect(
      await within(reminders).findByText(
        /No reminder is sent until the term has an opt-out deadline/,
      ),
    ).toBeVisible();
  });

  it("asks neither charges nor reminders for a term whose division is not the caller's", async () => {
    const server = new FakeProgramsServer();
    server.term = { ...server.term, mayEditDates: false };
    const { calls } = renderPrograms(server, '/inclusive-access/terms/31');
    expect(await screen.findByText('BIO 101, section 001')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Charge files' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reminders to students' })).toBeNull();
    expect(callsTo(calls, 'GET', `${IA_BASE}/terms/31/reminders`)).toHaveLength(0);
  });

  it('shows each program as a card on a phone, with its access list', async () => {
    screenWidth(390);
    renderPrograms(new FakeProgramsServer(), '/inclusive-access/terms/31');
    expect(await screen.findByText('BIO 101, section 001')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Download access list (CSV) for BIO 101, section 001' }),
    ).toBeVisible();
  });

  it("says when a term is not the caller's", async () => {
    renderPrograms(new FakeProgramsServer(), '/inclusive-access/terms/99');
    expect(
      await screen.findByText(/No term of a division you manage inclusive access for/),
    ).toBeVisible();
  });

  it('sits in the drawer right after Department contacts', async () => {
    screenWidth(1280);
    renderPrograms(new FakeProgramsServer(), '/help', [
      'MANAGE_ADOPTION_CAMPAIGNS',
      'MANAGE_INCLUSIVE_ACCESS',
    ]);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('link', { name: 'Inclusive access' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links[links.indexOf('Department contacts') + 1]).toBe('Inclusive access');
  });
});
