import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { importSummary } from '../../../test/data/data-fixtures.ts';
import { BASE, FakeDataServer, renderDataSummary } from '../../../test/data/data-fake-server.ts';
import { FakeXhr } from '../../../test/data/fake-xhr.ts';
import { screenWidth } from '../../../test/screen-width.ts';

// The report is polled once a second while the server works: a step waits at most a poll or two.

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Data Summary' }, { timeout: 10_000 });

async function chooseAndUpload(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.selectOptions(await screen.findByLabelText(/File format/), 'uiuc-grades-by-crn');
  await user.selectOptions(screen.getByLabelText(/Division the rows belong to/), 'Main Campus');
  await user.upload(screen.getByLabelText('File (.csv or .xlsx)'), file);
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
}

const csv = () => new File(['CRN,Course Subject\n41758,AAS\n'], 'fall-2025.csv');

beforeEach(() => screenWidth(1280));

describe('Data Summary', { timeout: 30_000 }, () => {
  it('shows each feed’s last import, or that there is none, and what the store holds', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({ status: 'APPLIED', appliedAt: '2026-11-25T15:00:00.000Z' });
    renderDataSummary('/data-summary', { server });
    await heading();
    const status = await screen.findByRole('region', { name: 'Data integration status' });
    const sections = (await within(status).findByRole('heading', { name: 'Courses and sections' }))
      .closest('li') as HTMLElement;
    expect(sections).toHaveTextContent('Applied');
    expect(sections).toHaveTextContent('by Casey Morgan');
    expect(sections).toHaveTextContent('fall-2025.csv');
    expect(sections).toHaveTextContent('6,500 added · 40 updated · 0 unchanged · 33 rejected');
    const professors = within(status).getByRole('heading', { name: 'Professors' }).closest('li');
    expect(professors).toHaveTextContent('No import yet.');

    const holdings = screen.getByRole('region', { name: 'What the store holds' });
    expect(holdings).toHaveTextContent('Students: 1,200 · Products: 5,000');
    const row = within(holdings).getByRole('row', { name: /Fall 2026/ });
    expect(row).toHaveTextContent('Main Campus');
    expect(row).toHaveTextContent('08/24/2026 – 12/12/2026');
    expect(row).toHaveTextContent('9,100');
  });

  it('uploads with progress, reports before writing, applies once, and shows the result', async () => {
    const user = userEvent.setup();
    const { server, calls } = renderDataSummary();
    await heading();
    await user.selectOptions(await screen.findByLabelText(/File format/), 'uiuc-grades-by-crn');
    // What the file must contain, from the format's mapping file.
    await user.click(screen.getByRole('button', { name: /The file’s columns \(3, 2 required\)/ }));
    const columns = screen.getByRole('table', { name: 'Columns of UIUC sections by CRN' });
    expect(within(columns).getByRole('row', { name: /Course Section/ })).toHaveTextContent(
      'Section codeRequirede.g. AD1',
    );
    await user.selectOptions(screen.getByLabelText(/Division the rows belong to/), 'Main Campus');
    const file = csv();
    await user.upload(screen.getByLabelText('File (.csv or .xlsx)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));

    const xhr = FakeXhr.sent.at(-1)!;
    expect(xhr.body).toBe(file);
    expect(new URL(xhr.url, 'http://x').searchParams.get('divisionId')).toBe('1');
    act(() => xhr.progress(512, 1024));
    const bar = screen.getByRole('progressbar', { name: 'Uploading fall-2025.csv' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '512 B of 1.0 KB sent (50%)');
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeDisabled();
    act(() => server.acceptUpload());

    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' });
    expect(await within(report).findByRole('progressbar', { name: 'Checking fall-2025.csv' }));
    expect(within(report).getByRole('heading', { level: 2 })).toHaveFocus();
    server.current = importSummary();
    // The report of what applying would do, before anything is written.
    expect(await within(report).findByText('Checked, ready to apply')).toBeVisible();
    expect(report).toHaveTextContent('Rows read6,573Valid6,540Rejected33');
    expect(report).toHaveTextContent('Terms: Fall 2025');
    const changes = within(report).getByRole('table', { name: 'Records applying would change' });
    expect(within(changes).getByRole('row', { name: /Sections/ })).toHaveTextContent(
      'Sections6,500400',
    );
    const reasons = within(report).getByRole('table', { name: 'Why rows were rejected' });
    expect(reasons).toHaveTextContent('Course SectionA section code is required.33');
    const rejected = await within(report).findByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getAllByRole('row')).toHaveLength(26);
    expect(within(rejected).getAllByRole('row')[1]).toHaveTextContent(
      '100Course Section(empty)A section code is required.',
    );
    await user.click(within(report).getByRole('button', { name: 'Next page of rejected rows' }));
    expect(await within(report).findByText('26–33 of 33')).toBeVisible();
    expect(calls.filter((c) => c.url.pathname === `${BASE}/imports/31/issues`).at(-1)?.url.search)
      .toBe('?offset=25&limit=25');

    await user.click(within(report).getByRole('button', { name: 'Apply 6,540 rows' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply fall-2025.csv?' });
    expect(dialog).toHaveTextContent(
      'This writes the 6,540 valid rows of “fall-2025.csv” to Main Campus, Fall 2025',
    );
    await user.dblClick(within(dialog).getByRole('button', { name: 'Apply' }));
    const applying = await within(report).findByRole('progressbar', {
      name: 'Applying fall-2025.csv',
    });
    expect(applying).toHaveAttribute('aria-valuenow', '0');
    expect(server.applyCalls).toBe(1);

    server.current = importSummary({ status: 'APPLYING', progress: { done: 3270, total: 6540 } });
    await waitFor(() => expect(applying).toHaveAttribute('aria-valuenow', '50'));
    expect(applying).toHaveAttribute('aria-valuetext', '3,270 of 6,540 rows applied (50%)');
    server.current = importSummary({ status: 'APPLIED', appliedAt: '2026-11-25T15:00:00.000Z' });
    expect(await within(report).findByRole('alert')).toHaveTextContent(
      'Applied 11/25/2026',
    );
    expect(within(report).getByRole('table', { name: 'Records the import changed' })).toBeVisible();
    expect(server.applyCalls).toBe(1);
    // The status and the list say what it did without a reload.
    const status = screen.getByRole('region', { name: 'Data integration status' });
    await waitFor(() =>
      expect(
        within(status).getByRole('heading', { name: 'Courses and sections' }).closest('li'),
      ).toHaveTextContent('Applied'),
    );
  });

  it('says, while a large file applies on the embedded database, why the progress stands still', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({
      status: 'APPLYING',
      progress: { done: 0, total: 400_000 },
      applyPauseSeconds: 60,
    });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' });
    const note = await within(report).findByText(/until the file is applied, the portal answers no one/);
    expect(note).toHaveTextContent('for about 1 minute. This page shows the outcome when it is done.');
    expect(note.closest('[role="status"]')).not.toBeNull();
  });

  it('says when a re-import would change nothing', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({ added: 0, updated: 0, unchanged: 6540 });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' });
    expect(
      await within(report).findByText(
        'Nothing would change: every valid row matches what the store already holds.',
      ),
    ).toBeVisible();
  });

  it("keeps every choice after the server refuses, with its message where the mistake is", async () => {
    const user = userEvent.setup();
    renderDataSummary();
    await heading();
    await chooseAndUpload(user, csv());
    act(() =>
      FakeXhr.sent.at(-1)!.answer(400, {
        message: 'Main Campus has no term for this file.',
        field: 'divisionId',
      }),
    );
    const division = screen.getByLabelText(/Division the rows belong to/);
    await waitFor(() => expect(division).toHaveAccessibleDescription('Main Campus has no term for this file.'));
    expect(screen.getByLabelText(/File format/)).toHaveValue('uiuc-grades-by-crn');
    expect(division).toHaveValue('1');
    expect(screen.getByText('fall-2025.csv, 29 B')).toBeVisible();

    // A lost connection is said in words, and trying again is one click.
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    act(() => FakeXhr.sent.at(-1)!.fail());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file was not uploaded: Could not reach the server.',
    );
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(FakeXhr.sent).toHaveLength(3);
  });

  it('asks for what is missing before sending anything', async () => {
    // The picker may be told to show all files.
    const user = userEvent.setup({ applyAccept: false });
    renderDataSummary();
    await heading();
    await user.click(await screen.findByRole('button', { name: 'Upload and check' }));
    expect(screen.getByLabelText(/File format/)).toHaveAccessibleDescription(
      'Choose the format of the file.',
    );
    await user.selectOptions(screen.getByLabelText(/File format/), 'uiuc-grades-by-crn');
    await user.upload(
      screen.getByLabelText('File (.csv or .xlsx)'),
      new File(['x'], 'notes.txt'),
    );
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(screen.getByLabelText(/Division the rows belong to/)).toHaveAccessibleDescription(
      'Choose the division the file’s rows belong to.',
    );
    expect(screen.getByLabelText('File (.csv or .xlsx)')).toHaveAccessibleDescription(
      '“notes.txt” is not a .csv or .xlsx file.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows a failed import’s reason, and names an unknown address it was sent from', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({
      status: 'FAILED',
      errorMessage: 'The server restarted while applying.',
    });
    renderDataSummary('/data-summary?import=31&prev=localhost%2Fdata', { server });
    expect(await screen.findByText(/“localhost\/data”/)).toBeVisible();
    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' });
    expect(await within(report).findByText(/The server restarted while applying\./)).toHaveTextContent(
      'Nothing was written to the store.',
    );
    expect(within(report).queryByRole('button', { name: /^Apply/ })).toBeNull();
  });

  it('says why a checked import is to be applied again, and offers to apply it', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({
      status: 'VALIDATED',
      errorMessage:
        'The server restarted while this import was being applied; nothing was applied. Apply it again.',
    });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' });
    expect(await within(report).findByText(/nothing was applied\. Apply it again\./)).toBeVisible();
    expect(within(report).getByRole('button', { name: /^Apply/ })).toBeEnabled();
  });

  it('lists the rejected rows as cards on a phone', async () => {
    screenWidth(360);
    const server = new FakeDataServer();
    server.current = importSummary();
    renderDataSummary('/data-summary?import=31', { server });
    const list = await screen.findByRole('list', { name: 'Rejected rows' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Row 100 · Course SectionValue: (empty)A section code is required.',
    );
  });
});

