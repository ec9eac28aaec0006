import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FakeRolloverServer,
  ROLLOVER_PATHS,
  renderRollover,
} from '../../../test/adoption/rollover-fake-server.ts';

const callsTo = (
  calls: { method: string; url: URL; body: unknown }[],
  method: string,
  path: string,
) => calls.filter((c) => c.method === method && c.url.pathname === path);

async function openPage(server = new FakeRolloverServer()) {
  const view = renderRollover(server);
  await screen.findByRole('button', { name: 'Preview' });
  return { ...view, server, user: userEvent.setup() };
}

describe('Rollover', () => {
  it('offers the departments and terms, the coming term and the same season by default', async () => {
    const { calls } = await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Rollover' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Department' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Carry into' })).toHaveDisplayValue('Fall 2026');
    expect(screen.getByRole('combobox', { name: 'Carry from' })).toHaveDisplayValue(
      'The last term of the same season',
    );
    // Nothing is previewed before the button.
    expect(callsTo(calls, 'GET', ROLLOVER_PATHS.preview)).toHaveLength(0);
  });

  it('previews the chosen department: matched, new and gone sections, with their changes', async () => {
    const { user, calls } = await openPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'BIO Biology');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = await screen.findByRole('region', { name: 'Fall 2025 to Fall 2026' });
    const [call] = callsTo(calls, 'GET', ROLLOVER_PATHS.preview);
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      divisionId: '1',
      departmentId: '51',
      targetTermId: '6',
    });
    const table = within(panel).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'To carry',
      'New section',
      'Section gone',
    ]);
    expect(
      within(rows[0]!).getByText(/Cells and Their Parts, ISBN 978-0-306-40615-7/),
    ).toBeVisible();
    expect(within(rows[0]!).getByText('4th edition (2026) is in the catalog.')).toBeVisible();
    expect(within(rows[0]!).getByText('Enrollment down 50% (40 to 20).')).toBeVisible();
    expect(within(panel).getByRole('region', { name: 'Sections of both terms' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // Only the sections of one state, when chosen.
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Show' }), 'New section');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    for (const control of document.querySelectorAll('main select, main button')) {
      expect(control).toHaveAccessibleName();
    }
  });

  it('creates the proposals after asking, says what it did, and lists them as unconfirmed', async () => {
    const { user, calls } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/Every proposal of this term is confirmed/)).toBeVisible();
    const show = await screen.findByRole('combobox', { name: 'Show' });
    await user.selectOptions(show, 'To carry');
    await user.click(await screen.findByRole('button', { name: 'Create proposals (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Create the proposals?' });
    expect(dialog).toHaveTextContent('This creates 1 proposal for 1 section.');
    await user.click(within(dialog).getByRole('button', { name: 'Create proposals' }));
    expect(
      await screen.findByText(
        /Created 1 proposal for 1 section; 2 already adopted sections were left alone\./,
      ),
    ).toBeVisible();
    // The preview read again has no section to carry: the table shows every section again.
    expect(await screen.findByRole('cell', { name: 'Already adopted' })).toBeVisible();
    expect(show).toHaveValue('');
    expect(callsTo(calls, 'POST', ROLLOVER_PATHS.apply).map((c) => c.body)).toEqual([
      { divisionId: 1, targetTermId: 6 },
    ]);
    const unconfirmed = await screen.findByRole('region', { name: 'Not confirmed yet' });
    expect(await within(unconfirmed).findByText('1 proposal not confirmed')).toBeVisible();
    expect(within(unconfirmed).getByText(/Sections 001 · Taught by Ida Instructor/)).toBeVisible();
    expect(within(unconfirmed).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says when the division has no earlier term of the season', async () => {
    const server = new FakeRolloverServer();
    server.preview = { ...server.preview, sourceTerm: null, sections: [] };
    const { user } = await openPage(server);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(
        'This division has no earlier Fall term. Choose the term to carry from.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Create proposals/ })).not.toBeInTheDocument();
  });
});
