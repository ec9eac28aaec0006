import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  XLSX_CONTENT_TYPE,
  getCostReport,
  getCostReportTerms,
  type CostFigures,
  type CostReport,
  type CostReportChoice,
} from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  callsTo,
  renderResearch,
  screenWidth,
  type Handler,
} from '../../../test/research/research-fake-server.ts';
import { answer } from '../../../test/fetch-stub.ts';

const term = (
  termId: number,
  termName: string,
  startDate: string,
  sectionCount = 5,
  divisionName = 'Main Campus',
): CostReportChoice => ({
  termId,
  termName,
  startDate,
  endDate: startDate.replace(/-\d\d-\d\d$/, '-12-12'),
  divisionId: divisionName === 'Main Campus' ? 1 : 2,
  divisionName,
  sectionCount,
});
// Fall 2026 is under way on the test's day; Spring 2027, listed first as the newest, is not;
// nor is Online's Fall 2026, under way too but with fewer sections.
const TERMS = [
  term(12, 'Spring 2027', '2027-01-12'),
  term(11, 'Fall 2026', '2026-09-01', 2, 'Online'),
  term(10, 'Fall 2026', '2026-08-24'),
  term(8, 'Fall 2025', '2025-08-25'),
];

const figures = (f: Partial<CostFigures>): CostFigures => ({
  sections: 0,
  ztc: 0,
  ltc: 0,
  none: 0,
  ztcShare: null,
  ltcShare: null,
  costKnown: 0,
  averageCostCents: null,
  ...f,
});
const BIO_NOW = figures({
  sections: 5,
  ztc: 2,
  ltc: 1,
  none: 2,
  ztcShare: 40,
  ltcShare: 20,
  costKnown: 4,
  averageCostCents: 5250,
});
const BIO_BEFORE = figures({
  sections: 2,
  ztc: 1,
  none: 1,
  ztcShare: 50,
  ltcShare: 0,
  costKnown: 2,
  averageCostCents: 4000,
});
const CHANGE = {
  sections: 3,
  ztc: 1,
  ltc: 1,
  none: 1,
  ztcSharePoints: -10,
  ltcSharePoints: 20,
  averageCostCents: 1250,
};

function report(termId: number): CostReport {
  const t = TERMS.find((x) => x.termId === termId)!;
  const compared = termId === 10;
  return {
    storeName: 'Demo Store',
    term: t,
    comparisonTerm: compared ? TERMS[3]! : null,
    rows: [
      {
        departmentId: 100,
        departmentCode: 'BIO',
        departmentName: 'Biology',
        current: BIO_NOW,
        previous: compared ? BIO_BEFORE : null,
        change: compared ? CHANGE : null,
      },
    ],
    totals: {
      current: BIO_NOW,
      previous: compared ? BIO_BEFORE : null,
      change: compared ? CHANGE : null,
    },
  };
}

function handlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${BASE}/costReport/terms`]: () => answer(getCostReportTerms, TERMS),
    [`GET ${BASE}/costReport`]: (req) =>
      req.url.searchParams.get('format') === 'xlsx'
        ? new Response('PK workbook', {
            headers: {
              'Content-Type': XLSX_CONTENT_TYPE,
              'Content-Disposition': 'attachment; filename="cost-report-fall-2026-10.xlsx"',
            },
          })
        : answer(getCostReport, report(Number(req.url.searchParams.get('termId')))),
    ...overrides,
  };
}

describe('Textbook cost report', { timeout: 30_000 }, () => {
  beforeEach(() => {
    screenWidth(1280);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 1, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the term under way with each figure, its change in words, and the totals', async () => {
    const { calls } = renderResearch('/research/costs', { handlers: handlers() });
    const table = await screen.findByRole(
      'table',
      { name: 'Textbook cost by department, Fall 2026' },
      { timeout: 10_000 },
    );
    expect(screen.getByRole('combobox', { name: 'Term' })).toHaveValue('10');
    expect(callsTo(calls, 'GET', 'costReport')[0]?.url.search).toBe('?termId=10');
    expect(screen.getByText(/Changes are from Fall 2025 \(Main Campus\)/)).toBeVisible();
    const bio = within(table).getByRole('row', { name: /BIO/ });
    const cells = within(bio).getAllByRole('cell');
    // On screen: the figure, its share, and the compact change.
    expect(cells[1]).toHaveTextContent(/^5\+3/);
    expect(cells[2]).toHaveTextContent('240.0% of sections+1');
    expect(cells[2]).toHaveTextContent('\u221210.0 pts');
    expect(cells[5]).toHaveTextContent('$52.504 of 5 known+$12.50');
    // Read out: the change in words, from what it was, and since when.
    expect(cells[1]).toHaveTextContent('(up 3 from 2 in Fall 2025)');
    expect(cells[2]).toHaveTextContent('(down 10.0 points from 50.0% in Fall 2025)');
    expect(cells[5]).toHaveTextContent('(up $12.50 from $40.00 in Fall 2025)');
    const total = within(table).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('Total (5 sections)');
    expect(
      screen.getByRole('link', { name: 'Cost gaps between sections of this term' }),
    ).toHaveAttribute('href', '/research/cost-gaps?termId=10');
  });

  it('keeps the chosen term in the URL and downloads that term as .xlsx', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { calls, router } = renderResearch('/research/costs?termId=8', { handlers: handlers() });
    await screen.findByRole(
      'table',
      { name: 'Textbook cost by department, Fall 2025' },
      { timeout: 10_000 },
    );
    expect(screen.getByText(/so there is no change to show/)).toBeVisible();
    expect(screen.queryByText(/in Fall/)).toBeNull();

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Term' }),
      'Fall 2026 (Main Campus)',
    );
    expect(router.state.location.search).toBe('?termId=10');
    await screen.findByRole('table', { name: 'Textbook cost by department, Fall 2026' });
    await user.click(
      screen.getByRole('button', { name: 'Download .xlsx of the textbook cost report' }),
    );
    expect(await screen.findByText('Downloaded cost-report-fall-2026-10.xlsx.')).toBeVisible();
    expect(callsTo(calls, 'GET', 'costReport').at(-1)?.url.search).toBe('?termId=10&format=xlsx');
    expect(saved).toEqual(['cost-report-fall-2026-10.xlsx']);
  });

  it('says why a term cannot be shown, and offers to try again', async () => {
    renderResearch('/research/costs?termId=99', {
      handlers: handlers({
        [`GET ${BASE}/costReport`]: () => json(404, { message: 'Term not found', field: 'termId' }),
      }),
    });
    expect(
      await screen.findByText(
        /Could not load the textbook cost report: Term not found/,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says so when no term has sections in the scope', async () => {
    renderResearch('/research/costs', {
      handlers: handlers({
        [`GET ${BASE}/costReport/terms`]: () => answer(getCostReportTerms, []),
      }),
    });
    expect(
      await screen.findByText(/No term has sections in your catalog scope yet/, undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('shows a card per department on a phone, totals last', async () => {
    screenWidth(360);
    renderResearch('/research/costs', { handlers: handlers() });
    const list = await screen.findByRole(
      'list',
      { name: 'Textbook cost by department, Fall 2026' },
      { timeout: 10_000 },
    );
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Zero textbook cost240.0% of sections+1');
    await waitFor(() => expect(items[1]).toHaveTextContent('Total (5 sections)'));
  });

  it('is linked from Section Research', async () => {
    renderResearch('/research', { handlers: handlers() });
    expect(
      await screen.findByRole('link', { name: 'Textbook cost report' }, { timeout: 10_000 }),
    ).toHaveAttribute('href', '/research/costs');
  });

  it('is not offered on Section Research to a caller without VIEW_SECTION', async () => {
    // Section Research is open to every signed-in user; the report's route asks for VIEW_SECTION.
    renderResearch('/research', { handlers: handlers(), actions: ['ADOPT_INSTRUCTOR'] });
    expect(
      await screen.findByRole('link', { name: 'Public textbook list' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Textbook cost report' })).toBeNull();
  });
});
