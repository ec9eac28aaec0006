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

  it('shows each program as a card on a phone', async () => {
    screenWidth(390);
    renderPrograms(new FakeProgramsServer(), '/inclusive-access/terms/31');
    expect(await screen.findByText('BIO 101, section 001')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
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
