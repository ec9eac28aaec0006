import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnMapping, importSummary } from '../../../test/data/data-fixtures.ts';
import { BASE, FakeDataServer, renderDataSummary } from '../../../test/data/data-fake-server.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import { keepStyleRules } from '../../../test/style-rules.ts';

// The phone layout's grid columns are read from the computed style.
keepStyleRules();

beforeEach(() => screenWidth(1280));

const REQUIRED_MISSING =
  'This column is required: choose the file’s column, or a value for every row.';

/** The report of an upload whose columns are to be matched, open at /data-summary?import=31. */
async function openNeedsMapping(server = new FakeDataServer()) {
  server.current = importSummary({
    status: 'NEEDS_MAPPING',
    rowsRead: 0,
    rowsValid: 0,
    rowsRejected: 0,
    added: 0,
    updated: 0,
    entities: [],
    reasons: [],
    columnMapping: columnMapping(),
  });
  const app = renderDataSummary('/data-summary?import=31', { server });
  const report = await screen.findByRole(
    'region',
    { name: 'Import report: fall-2025.csv' },
    { timeout: 10_000 },
  );
  await within(report).findByRole('group', {
    name: 'Where this file has each column of UIUC sections by CRN',
  });
  return { ...app, report };
}

const mapCalls = (calls: { url: URL; method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === `${BASE}/imports/31/columns`);

describe('Data Summary: matching a file’s columns', { timeout: 30_000 }, () => {
  it('shows the proposed mapping of a file whose headers are not the format’s', async () => {
    const { report } = await openNeedsMapping();
    expect(within(report).getByText('Columns to match')).toBeVisible();
    expect(report).toHaveTextContent(
      'The headers of “fall-2025.csv” are not the columns of UIUC sections by CRN.',
    );
    const section = within(report).getByLabelText('Section code (required)');
    expect(section).toHaveValue('column:Sec');
    expect(within(report).getByLabelText('Department code (required)')).toHaveValue('column:Subj');
    expect(within(report).getByLabelText('Term')).toHaveValue('none');
    expect(within(report).getByLabelText('Professor')).toHaveValue('column:Instructor');
    // Each of the file's columns with its first values; a required field cannot be left out.
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a column or a value',
      'Subj — e.g. AAS, ACE, AAS',
      'Sec — e.g. AD1, AL1',
      'Class Nbr — e.g. 41758, 41759',
      'Instructor — e.g. Jane Doe',
      'The same value for every row…',
    ]);
    expect(
      within(within(report).getByLabelText('Term')).getAllByRole('option')[0],
    ).toHaveTextContent('Not in this file');
    expect(within(report).getByLabelText('How names are written')).toHaveValue('last-first');
    expect(
      within(report).getByRole('checkbox', {
        name: 'Save this mapping for the next files with these columns',
      }),
    ).not.toBeChecked();
    expect(within(report).queryByLabelText('Name of the saved mapping')).toBeNull();
    expect(within(report).queryByRole('button', { name: /^Apply/ })).toBeNull();
  });

  it('sends the columns as chosen, once, and shows the file being checked', async () => {
    const user = userEvent.setup();
    const server = new FakeDataServer();
    const { report, calls } = await openNeedsMapping(server);
    await user.selectOptions(
      within(report).getByLabelText('Section code (required)'),
      'column:Class Nbr',
    );
    await user.selectOptions(within(report).getByLabelText('Term'), 'value');
    await user.type(within(report).getByLabelText('Term: value for every row'), '  Fall 2025 ');
    await user.selectOptions(within(report).getByLabelText('How names are written'), 'First Last');
    await user.click(
      within(report).getByRole('checkbox', {
        name: 'Save this mapping for the next files with these columns',
      }),
    );
    expect(within(report).getByLabelText('Name of the saved mapping')).toHaveValue(
      'UIUC sections by CRN – fall-2025.csv',
    );
    // The server is slow to answer: the second click of a double click comes before it does.
    let answer = () => undefined as void;
    server.mapGate = new Promise<void>((resolve) => (answer = resolve));
    const submit = within(report).getByRole('button', {
      name: 'Check the file with these columns',
    });
    await user.dblClick(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    answer();

    expect(
      await within(report).findByRole('progressbar', { name: 'Checking fall-2025.csv' }),
    ).toBeVisible();
    expect(server.mapCalls).toBe(1);
    expect(mapCalls(calls)).toHaveLength(1);
    expect(mapCalls(calls)[0]?.body).toEqual({
      columns: [
        { key: 'subject', choice: { source: 'column', header: 'Subj' } },
        { key: 'section', choice: { source: 'column', header: 'Class Nbr' } },
        { key: 'term', choice: { source: 'value', value: 'Fall 2025' } },
        { key: 'instructor', choice: { source: 'column', header: 'Instructor' } },
      ],
      nameOrder: 'first-last',
      saveAs: 'UIUC sections by CRN – fall-2025.csv',
    });
    expect(
      within(report).queryByRole('button', { name: 'Check the file with these columns' }),
    ).toBeNull();
  });

  it('refuses a required column left unmatched, or an empty value, before sending', async () => {
    const user = userEvent.setup();
    const { report, server } = await openNeedsMapping();
    const section = within(report).getByLabelText('Section code (required)');
    await user.selectOptions(section, 'Choose a column or a value');
    await user.selectOptions(within(report).getByLabelText('Term'), 'value');
    await user.click(
      within(report).getByRole('button', { name: 'Check the file with these columns' }),
    );

    expect(section).toHaveAccessibleDescription(REQUIRED_MISSING);
    expect(section).toHaveFocus();
    expect(within(report).getByLabelText('Term: value for every row')).toHaveAccessibleDescription(
      'Enter the value for every row.',
    );
    expect(server.mapCalls).toBe(0);
    // The message goes once the field is chosen; sent then, the keyboard goes on to the report.
    await user.selectOptions(section, 'column:Sec');
    expect(section).not.toHaveAccessibleDescription(REQUIRED_MISSING);
    await user.selectOptions(within(report).getByLabelText('Term'), 'none');
    await user.click(
      within(report).getByRole('button', { name: 'Check the file with these columns' }),
    );
    expect(
      await within(report).findByRole('progressbar', { name: 'Checking fall-2025.csv' }),
    ).toBeVisible();
    expect(within(report).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(server.mapCalls).toBe(1);
  });

  it('shows the server’s refusal under the field it names, and any other in words', async () => {
    const user = userEvent.setup();
    const server = new FakeDataServer();
    server.mapRefusal = {
      status: 400,
      message: 'The file has no column "Sec".',
      field: 'columns.section',
    };
    const { report } = await openNeedsMapping(server);
    const submit = within(report).getByRole('button', {
      name: 'Check the file with these columns',
    });
    await user.click(submit);
    const section = within(report).getByLabelText('Section code (required)');
    await waitFor(() =>
      expect(section).toHaveAccessibleDescription('The file has no column "Sec".'),
    );
    expect(section).toHaveFocus();
    expect(
      within(report).getByLabelText('Department code (required)'),
    ).not.toHaveAccessibleDescription();
    expect(within(report).queryByRole('alert')).toBeNull();

    server.mapRefusal = { status: 409, message: 'This import is being checked already.' };
    await user.click(submit);
    expect(await within(report).findByRole('alert')).toHaveTextContent(
      'The columns were not matched: This import is being checked already.',
    );
    expect(server.mapCalls).toBe(2);
    expect(submit).toBeEnabled();
  });

  it('says which saved mapping matched a checked file and offers to change it', async () => {
    const user = userEvent.setup();
    const server = new FakeDataServer();
    server.current = importSummary({
      columnMapping: columnMapping({ templateName: 'Banner sections' }),
    });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole(
      'region',
      { name: 'Import report: fall-2025.csv' },
      { timeout: 10_000 },
    );
    expect(
      await within(report).findByText('Columns matched by the saved mapping “Banner sections”'),
    ).toBeVisible();
    const change = within(report).getByRole('button', { name: 'Change the column mapping' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    expect(within(report).queryByLabelText('Section code (required)')).toBeNull();
    await user.click(change);
    expect(change).toHaveAttribute('aria-expanded', 'true');
    expect(within(report).getByLabelText('Section code (required)')).toHaveValue('column:Sec');
    expect(within(report).getByRole('button', { name: /^Apply/ })).toBeEnabled();
  });

  it('says the columns were matched as chosen when no saved mapping was used', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({ status: 'APPLIED', columnMapping: columnMapping() });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole(
      'region',
      { name: 'Import report: fall-2025.csv' },
      { timeout: 10_000 },
    );
    expect(await within(report).findByText('Columns matched as you chose')).toBeVisible();
    // Applied: too late to match the columns again.
    expect(within(report).queryByRole('button', { name: 'Change the column mapping' })).toBeNull();
  });

  it('lays the fields out one card under another on a phone', async () => {
    screenWidth(360);
    const { report } = await openNeedsMapping();
    const fields = within(report).getByRole('group', {
      name: 'Where this file has each column of UIUC sections by CRN',
    });
    const list = within(fields).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(getComputedStyle(list).gridTemplateColumns).toBe('minmax(0, 1fr)');
  });

  it('downloads a format’s template with the session’s token, or says why not', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:template';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    const { calls, server } = renderDataSummary();
    await user.selectOptions(
      await screen.findByLabelText(/File format/, {}, { timeout: 10_000 }),
      'uiuc-grades-by-crn',
    );
    const link = screen.getByRole('link', { name: 'Download a template (.csv)' });
    const path = `${BASE}/formats/uiuc-grades-by-crn/template.csv`;
    expect(link).toHaveAttribute('href', path);
    await user.click(link);

    expect(await screen.findByText('Downloaded uiuc-grades-by-crn-template.csv.')).toBeVisible();
    const call = calls.find((c) => c.url.pathname === path);
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('Auth-Token')).toBe('token-1');
    expect(saved).toEqual([{ href: 'blob:template', download: 'uiuc-grades-by-crn-template.csv' }]);
    expect(await created[0]?.text()).toMatch(/^Course Subject,Course Section/);

    server.templateRefusal = { status: 403, message: 'You do not have permission to import data.' };
    await user.click(link);
    expect(
      await screen.findByText(
        'Could not download the template: You do not have permission to import data.',
      ),
    ).toBeVisible();
    expect(saved).toHaveLength(1);
  });
});
