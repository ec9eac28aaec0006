import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';
import { fundingSource } from '../../../test/funding/funding-fixtures.ts';

function captureDownloads() {
  const saved: { href: string; download: string }[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: () => 'blob:funding',
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ href: this.href, download: this.download });
  });
  return saved;
}

describe('Funding reports', { timeout: 30_000 }, () => {
  beforeEach(() => screenWidth(1280));

  it('shows spending by source and term with totals, and downloads it as .xlsx', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    const { calls } = renderFunding('/funding-management/reports');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Funding Reports' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Spending by source and term' });
    // A narrow window scrolls the table, and so can the keyboard.
    expect(
      screen.getByRole('region', { name: 'Spending by source and term table' }),
    ).toHaveAttribute('tabindex', '0');
    expect(within(table).getByRole('row', { name: /Honors Scholarship/ })).toHaveTextContent(
      'Honors ScholarshipScholarshipFall 2026 (Main Campus)$1,000.00$0.00$1,000.00',
    );
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(
      'Total$16,000.00$3,000.00$13,000.0042',
    );

    await user.click(screen.getByRole('button', { name: 'Download .xlsx of the spending report' }));
    expect(await screen.findByText('Downloaded funding-spending-2026-08-12.xlsx.')).toBeVisible();
    const download = callsTo(calls, 'GET', 'reports/spending').at(-1);
    expect(download?.url.search).toBe('?format=xlsx');
    expect(download?.headers.get('Auth-Token')).toBe('token-1');
    expect(saved).toEqual([{ href: 'blob:funding', download: 'funding-spending-2026-08-12.xlsx' }]);
  });

  it('names the Download control by its visible text, then the report it saves', async () => {
    renderFunding('/funding-management/reports');
    const download = await screen.findByRole(
      'button',
      { name: /^Download \.xlsx/ },
      { timeout: 10_000 },
    );
    expect(download).toHaveAccessibleName('Download .xlsx of the spending report');
    expect(download).not.toHaveAttribute('aria-label');
  });

  it('shows spending as cards on a phone, totals last', async () => {
    screenWidth(360);
    renderFunding('/funding-management/reports');
    const list = await screen.findByRole(
      'list',
      { name: 'Spending by source and term' },
      { timeout: 10_000 },
    );
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveTextContent('Total');
    expect(items[2]).toHaveTextContent('Spent$13,000.00');
  });

  describe('the day-7 access report', () => {
    // Spring 2026 is under way; Fall 2026, listed first as the newest, has not started.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(2026, 2, 2, 10, 0));
    });
    afterEach(() => vi.useRealTimers());

    it('opens on the term under way, and keeps the last report dimmed while another loads', async () => {
      const user = userEvent.setup();
      const server = new FakeFundingServer();
      // Both terms have aid students, so the term under way wins over the newest.
      server.sources = [
        fundingSource({
          terms: [
            { termId: 10, termName: 'Fall 2026', divisionName: 'Main Campus' },
            { termId: 11, termName: 'Spring 2026', divisionName: 'Main Campus' },
          ],
        }),
      ];
      let release = () => {};
      server.holdAccessDay = { termId: 10, release: new Promise((r) => (release = r)) };
      const { calls, router } = renderFunding('/funding-management/reports?report=access-day', {
        server,
      });
      const term = await screen.findByRole('combobox', { name: 'Term' }, { timeout: 10_000 });
      await waitFor(() => expect(term).toHaveValue('11'));
      expect(
        await screen.findByRole('table', {
          name: 'Aid students of Spring 2026 without their materials',
        }),
      ).toBeVisible();
      expect(callsTo(calls, 'GET', 'reports/access-day')[0]?.url.search).toBe('?termId=11&page=1');
      const download = screen.getByRole('button', {
        name: 'Download .xlsx of the day-7 access report',
      });
      expect(download).toBeEnabled();

      await user.selectOptions(term, 'Fall 2026 (Main Campus)');
      expect(router.state.location.search).toBe('?report=access-day&term=10');
      // Spring's report stays while Fall's loads, and Download waits for Fall's.
      expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
      expect(
        screen.getByRole('table', { name: 'Aid students of Spring 2026 without their materials' }),
      ).toBeVisible();
      expect(download).toBeDisabled();
      release();
      expect(
        await screen.findByRole('table', {
          name: 'Aid students of Fall 2026 without their materials',
        }),
      ).toBeVisible();
      expect(download).toBeEnabled();
      expect(screen.getByRole('status')).toHaveTextContent('');
    });

    it('pages a long report with the totals of every page, and moves a link past the end to the last page', async () => {
      const user = userEvent.setup();
      const server = new FakeFundingServer();
      server.accessDayStudents = 120;
      const { calls, router } = renderFunding(
        '/funding-management/reports?report=access-day&term=11',
        { server },
      );
      const table = await screen.findByRole(
        'table',
        { name: 'Aid students of Spring 2026 without their materials' },
        { timeout: 10_000 },
      );
      expect(within(table).getAllByRole('row')).toHaveLength(52);
      expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent(
        'Total (120 students)$48,000.002401200120',
      );
      expect(screen.getByText(/121 aid students, 120 without all their required/)).toBeVisible();
      expect(screen.getByText('1–50 of 120')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Next page of aid students' }));
      expect(
        await within(table).findByRole('row', { name: /Aid Student Spring 2026 51 / }),
      ).toBeVisible();
      expect(router.state.location.search).toBe('?report=access-day&term=11&page=2');
      expect(callsTo(calls, 'GET', 'reports/access-day').at(-1)?.url.search).toBe(
        '?termId=11&page=2',
      );
      expect(screen.getByText('51–100 of 120')).toBeVisible();
      // Another term starts again at its first page.
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Term' }),
        'Fall 2026 (Main Campus)',
      );
      expect(router.state.location.search).toBe('?report=access-day&term=10');

      // A link to page 9 of a report of 3 pages shows page 3, and Back does not return to 9.
      await router.navigate('/funding-management/reports?report=access-day&term=11&page=9');
      await waitFor(() =>
        expect(router.state.location.search).toBe('?report=access-day&term=11&page=3'),
      );
      expect(router.state.historyAction).toBe('REPLACE');
      expect(
        await screen.findByRole(
          'row',
          { name: /Aid Student Spring 2026 120 / },
          { timeout: 5_000 },
        ),
      ).toBeVisible();
    });

    it('says a term that is not the store’s is not found, not the funding source', async () => {
      renderFunding('/funding-management/reports?report=access-day&term=99');
      expect(await screen.findByText('Term not found', {}, { timeout: 10_000 })).toBeVisible();
      expect(screen.queryByText('Funding source not found')).toBeNull();
      expect(
        screen.getByRole('button', { name: 'Download .xlsx of the day-7 access report' }),
      ).toBeDisabled();
    });
  });
});
