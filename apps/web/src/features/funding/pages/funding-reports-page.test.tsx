import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderFunding, screenWidth } from '../test/funding-fake-server.ts';

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
    expect(within(table).getByRole('row', { name: /Honors Scholarship/ })).toHaveTextContent(
      'Honors ScholarshipScholarshipFall 2026$1,000.00$0.00$1,000.00',
    );
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(
      'Total$16,000.00$3,000.00$13,000.0042',
    );

    await user.click(screen.getByRole('button', { name: 'Download the spending report as .xlsx' }));
    expect(await screen.findByText('Downloaded funding-spending-2026-08-12.xlsx.')).toBeVisible();
    const download = callsTo(calls, 'GET', 'reports/spending').at(-1);
    expect(download?.url.search).toBe('?format=xlsx');
    expect(download?.headers.get('Auth-Token')).toBe('token-1');
    expect(saved).toEqual([{ href: 'blob:funding', download: 'funding-spending-2026-08-12.xlsx' }]);
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
});
