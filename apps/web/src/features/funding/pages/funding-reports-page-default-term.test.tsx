import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub.ts';
import {
  BASE,
  FakeFundingServer,
  callsTo,
  renderFunding,
  screenWidth,
} from '../../../test/funding/funding-fake-server.ts';
import { accessDayReport, fundingSource } from '../../../test/funding/funding-fixtures.ts';

// Two divisions with a term under way each, listed as the server lists them: newest first, then
// by division name, so Continuing Education (no aid students) comes before Main Campus (60).
const TERMS = [
  {
    termId: 21,
    termName: 'Spring 2026',
    divisionName: 'Continuing Education',
    startDate: '2026-01-12',
    endDate: '2026-05-08',
  },
  {
    termId: 11,
    termName: 'Spring 2026',
    divisionName: 'Main Campus',
    startDate: '2026-01-12',
    endDate: '2026-05-08',
  },
];
const AID_STUDENTS: Record<number, number> = { 21: 0, 11: 60 };

/** The funding stand-in with the two divisions' terms, aid only in Main Campus's. */
class TwoDivisionServer extends FakeFundingServer {
  override sources = [
    fundingSource({
      name: 'Spring 2026 Book Advance',
      terms: [{ termId: 11, termName: 'Spring 2026', divisionName: 'Main Campus' }],
      chargeStartsOn: '2026-01-05',
      chargeEndsOn: '2026-02-28',
    }),
  ];

  override handlers() {
    return {
      ...super.handlers(),
      [`GET ${BASE}/terms`]: () => json(200, { terms: TERMS }),
      [`GET ${BASE}/reports/access-day`]: (req: { url: URL }) => {
        const term = TERMS.find((t) => t.termId === Number(req.url.searchParams.get('termId')));
        if (!term) return json(404, { message: 'Term not found.', field: 'termId' });
        const students = AID_STUDENTS[term.termId] ?? 0;
        const report = accessDayReport(term, Math.min(students, 1));
        return json(200, { ...report, aidStudents: students });
      },
    };
  }
}

describe('the day-7 access report’s default division and term', { timeout: 30_000 }, () => {
  beforeEach(() => {
    screenWidth(1280);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 2, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the division whose term has aid students, not the first by name', async () => {
    const { calls } = renderFunding('/funding-management/reports?report=access-day', {
      server: new TwoDivisionServer(),
    });
    const term = await screen.findByRole('combobox', { name: 'Term' }, { timeout: 10_000 });
    await waitFor(() => expect(term).toHaveValue('11'));
    expect(await screen.findByText(/60 aid students, 1 without all/)).toBeVisible();
    // The report of the division without aid is never asked for on the way.
    expect(callsTo(calls, 'GET', 'reports/access-day').map((c) => c.url.search)).toEqual([
      '?termId=11&page=1',
    ]);
  });

  it('keeps the division the user picks, or the URL names, even without aid students', async () => {
    const user = userEvent.setup();
    const { router } = renderFunding('/funding-management/reports?report=access-day', {
      server: new TwoDivisionServer(),
    });
    const term = await screen.findByRole('combobox', { name: 'Term' }, { timeout: 10_000 });
    await waitFor(() => expect(term).toHaveValue('11'));
    await user.selectOptions(term, 'Spring 2026 (Continuing Education)');
    expect(router.state.location.search).toBe('?report=access-day&term=21');
    expect(await screen.findByText(/0 aid students, 0 without all/)).toBeVisible();
    expect(term).toHaveValue('21');

    await router.navigate('/funding-management/reports?report=access-day&term=21&page=1');
    expect(await screen.findByText(/0 aid students/)).toBeVisible();
    expect(term).toHaveValue('21');
  });
});
