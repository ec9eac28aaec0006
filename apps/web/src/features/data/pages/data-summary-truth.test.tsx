import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { columnMapping, importSummary } from '../../../test/data/data-fixtures.ts';
import { FakeDataServer, renderDataSummary } from '../../../test/data/data-fake-server.ts';
import { FakeXhr } from '../../../test/data/fake-xhr.ts';
import { screenWidth } from '../../../test/screen-width.ts';

beforeEach(() => screenWidth(1280));

/** What the Data Summary says is true: where the store's data is from, how a file was read, what was left out. */
describe('Data Summary, truthfully', { timeout: 30_000 }, () => {
  it('shows the import a feed’s data is from apart from a newer upload that failed', async () => {
    const server = new FakeDataServer();
    const applied = importSummary({
      importId: 30,
      fileName: 'fall-2025.csv',
      status: 'APPLIED',
      appliedAt: '2026-11-20T15:00:00.000Z',
    });
    const failed = importSummary({
      importId: 31,
      fileName: 'fall-2025-fixed.csv',
      status: 'INVALID',
      createdAt: '2026-11-26T09:00:00.000Z',
      errorMessage: 'The file has no column "Course Section" (Section code).',
    });
    server.feeds = [
      { feed: 'DIVISIONS_TERMS', lastImport: null, lastApplied: null },
      { feed: 'COURSES_SECTIONS', lastImport: failed, lastApplied: applied },
      { feed: 'PROFESSORS', lastImport: applied, lastApplied: applied },
      { feed: 'STUDENTS_ENROLLMENTS', lastImport: null, lastApplied: null },
      { feed: 'PRODUCTS_PRICES', lastImport: null, lastApplied: null },
      { feed: 'ADOPTION_HISTORY', lastImport: null, lastApplied: null },
    ];
    renderDataSummary('/data-summary', { server });
    const status = await screen.findByRole('region', { name: 'Data integration status' }, { timeout: 10_000 });
    const sections = (await within(status).findByRole('heading', { name: 'Courses and sections' }))
      .closest('li') as HTMLElement;
    expect(sections).toHaveTextContent('Store data from the import applied 11/20/2026');
    expect(sections).toHaveTextContent('fall-2025.csv');
    expect(sections).toHaveTextContent('Latest upload 11/26/2026');
    expect(sections).toHaveTextContent('no row can be applied');
    expect(within(sections).getByText(/has no column "Course Section"/)).toBeVisible();
    const professors = within(status).getByRole('heading', { name: 'Professors' }).closest('li');
    expect(professors).not.toHaveTextContent('Latest upload');
  });

  it('says how a CSV file was read, and lists the values left out apart from rejected rows', async () => {
    const server = new FakeDataServer();
    server.current = importSummary({
      rowsWarned: 2,
      warnings: [
        { column: 'Primary Instructor', message: 'has a name not written as "Last, First"', rows: 2 },
      ],
      csvDialect: { separator: 'semicolon', encoding: 'windows-1252', chosen: false },
    });
    server.issues = [
      {
        rowNumber: 7,
        column: 'Primary Instructor',
        value: 'Ida Instructor',
        message: 'has a name not written as "Last, First"',
        warning: true,
      },
    ];
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole('region', { name: 'Import report: fall-2025.csv' }, { timeout: 10_000 });
    expect(report).toHaveTextContent(
      'CSV read as: semicolons, Windows-1252 (Western European, Latin-1) (detected)',
    );
    expect(report).toHaveTextContent('Valid, a value left out2');
    const warnings = within(report).getByRole('table', { name: 'Values left out' });
    expect(within(warnings).getByRole('row', { name: /Primary Instructor/ })).toHaveTextContent('2');
    const rows = await within(report).findByRole('table', { name: 'Rejected rows and values left out' });
    expect(within(rows).getByRole('row', { name: /Ida Instructor/ })).toHaveTextContent(
      'has a name not written as "Last, First" (value left out; the row goes in)',
    );
  });

  it('sends the separator a data manager chooses for a CSV file, and nothing for a workbook', async () => {
    const user = userEvent.setup();
    renderDataSummary();
    await user.selectOptions(await screen.findByLabelText(/File format/, {}, { timeout: 10_000 }), 'uiuc-grades-by-crn');
    await user.selectOptions(screen.getByLabelText(/Division the rows belong to/), 'Main Campus');
    await user.upload(
      screen.getByLabelText('File (.csv or .xlsx)'),
      new File(['x'], 'fall.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    );
    expect(screen.queryByLabelText('Values separated by')).toBeNull();
    await user.upload(screen.getByLabelText('File (.csv or .xlsx)'), new File(['a;b\n'], 'fall.csv'));
    await user.selectOptions(screen.getByLabelText('Values separated by'), 'Semicolons');
    expect(screen.getByLabelText('Text encoding')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    const query = new URL(FakeXhr.sent.at(-1)!.url, 'http://x').searchParams;
    expect(query.get('separator')).toBe('semicolon');
    expect(query.has('encoding')).toBe(false);
  });
  it('says the values a saved mapping gives every row before the file is applied', async () => {
    const server = new FakeDataServer();
    const mapping = columnMapping({ templateName: 'Banner sections' });
    server.current = importSummary({
      columnMapping: {
        ...mapping,
        fields: mapping.fields.map((f) =>
          f.key === 'term' ? { ...f, choice: { source: 'value', value: 'Fall 2025' } } : f,
        ),
      },
    });
    renderDataSummary('/data-summary?import=31', { server });
    const report = await screen.findByRole(
      'region',
      { name: 'Import report: fall-2025.csv' },
      { timeout: 10_000 },
    );
    expect(
      await within(report).findByText(
        'Columns matched by the saved mapping “Banner sections”; for every row, Term: Fall 2025',
      ),
    ).toBeVisible();
  });
});
