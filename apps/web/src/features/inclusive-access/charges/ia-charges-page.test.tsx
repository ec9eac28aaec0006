import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  IA_DEFAULT_CHARGE_FILE_COLUMNS,
  type IaChargeFile,
  type IaChargeFileColumn,
} from '@csp/contracts';
import { storePasswordLogin } from '../../../lib/credential-storage.ts';
import { json, type StubRequest } from '../../../test/fetch-stub.ts';
import { sessionResponse } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const BASE = '/app-rest/admin_portal/v1/7/inclusiveAccess';
const FILES = `${BASE}/terms/31/chargeFiles`;

const FILE_1: IaChargeFile = {
  fileId: 5,
  number: 1,
  createdAt: '2026-09-21T15:00:00Z',
  createdByName: 'Pat Manager',
  lineCount: 2,
  totalCents: 11_998,
  charges: { lines: 2, totalCents: 11_998 },
  credits: { lines: 0, totalCents: 0 },
};
const NONE = { lines: 0, totalCents: 0 };

/** The charges' server: a term past its deadline, its files, a preview, the layout. */
class FakeChargesServer {
  files: IaChargeFile[] = [];
  columns: IaChargeFileColumn[] = [...IA_DEFAULT_CHARGE_FILE_COLUMNS];
  failFiles = false;
  saved: unknown[] = [];

  handlers() {
    return {
      [`GET ${FILES}`]: () =>
        this.failFiles
          ? json(500, { message: 'The database is unreachable.' })
          : json(200, {
              term: {
                termId: 31,
                termName: 'Fall 2026',
                divisionName: 'Main Campus',
                optOutDeadline: '2026-09-20',
                refundUntil: '2026-10-05',
                deadlinePassed: true,
              },
              files: this.files,
              funded: { charges: { lines: 1, totalCents: 5_999 }, credits: NONE },
              today: '2026-09-21',
            }),
      [`GET ${FILES}/preview`]: () =>
        json(200, {
          deadlinePassed: true,
          nextNumber: this.files.length + 1,
          charges: { lines: 2, totalCents: 11_998 },
          credits: NONE,
          fundedCharges: { lines: 1, totalCents: 5_999 },
          fundedCredits: NONE,
        }),
      [`POST ${FILES}`]: () => {
        this.files = [FILE_1];
        return json(201, { file: FILE_1, fundedCharges: NONE, fundedCredits: NONE });
      },
      [`GET ${BASE}/chargeFileLayout`]: () =>
        json(200, { columns: this.columns, isDefault: this.saved.length === 0 }),
      [`PUT ${BASE}/chargeFileLayout`]: (r: StubRequest) => {
        this.saved.push(r.body);
        this.columns = (r.body as { columns: IaChargeFileColumn[] }).columns;
        return json(200, { columns: this.columns, isDefault: false });
      },
    };
  }
}

function renderCharges(server: FakeChargesServer) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp('/inclusive-access/terms/31/charges', {
    session: sessionResponse({ actions: ['MANAGE_INCLUSIVE_ACCESS'] }),
    handlers: server.handlers(),
  });
}

describe('Inclusive access charge files', () => {
  it('says there is no file yet, confirms with the counts and totals, and lists the file made', async () => {
    const server = new FakeChargesServer();
    const { calls } = renderCharges(server);
    expect(await screen.findByText('No charge file yet for Fall 2026.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Charge files' })).toBeVisible();
    expect(screen.getByText(/Paid from funding allowances .*1 charge, \$59\.99/)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create charge file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create charge file' });
    expect(
      await within(dialog).findByText(
        'Charge file 1 will hold 2 new charges ($119.98) and 0 credits ($0.00): $119.98 in all.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText(/Funding allowances pay 1 charge \(\$59\.99\)/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create charge file' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Charge file 1 made: 2 lines, $119.98.')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Charge files of Fall 2026' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Pat Manager');
    expect(row).toHaveTextContent('$119.98');
    expect(within(row).getByRole('button', { name: 'Download charge file 1 (CSV)' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === FILES)).toHaveLength(1);
  });

  it('says so when the files cannot load, and offers to try again', async () => {
    const server = new FakeChargesServer();
    server.failFiles = true;
    renderCharges(server);
    expect(await screen.findByText(/Could not load the charge files/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('edits the layout: refuses one without the amount, saves headers in the order chosen', async () => {
    const server = new FakeChargesServer();
    renderCharges(server);
    const header = await screen.findByRole('textbox', { name: 'Column 3: header' });
    expect(header).toHaveValue('Amount');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove column 3' }));
    await user.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(
      await screen.findByText('The columns must include the student ID and the amount.'),
    ).toBeVisible();
    expect(server.saved).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Default columns' }));
    await user.click(screen.getByRole('button', { name: 'Move column 2 up' }));
    const name = screen.getByRole('textbox', { name: 'Column 1: header' });
    await user.clear(name);
    await user.type(name, 'Student name');
    await user.click(screen.getByRole('button', { name: 'Save layout' }));
    expect(await screen.findByText('Layout saved: the next downloads use it.')).toBeVisible();
    const columns = (server.saved[0] as { columns: IaChargeFileColumn[] }).columns;
    expect(columns.slice(0, 2)).toEqual([
      { field: 'studentName', header: 'Student name' },
      { field: 'studentId', header: 'Student ID' },
    ]);
  });
});
