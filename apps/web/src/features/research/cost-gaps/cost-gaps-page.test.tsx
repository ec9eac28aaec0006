import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCostGaps,
  getCostReportTerms,
  type CostGapCourse,
  type CostReportChoice,
} from '@csp/contracts';
import { answer, json } from '../../../test/fetch-stub.ts';
import {
  ADOPTION_BASE,
  BASE,
  renderResearch,
  screenWidth,
  type Handler,
} from '../../../test/research/research-fake-server.ts';

const term = (termId: number, termName: string, startDate: string): CostReportChoice => ({
  termId,
  termName,
  startDate,
  endDate: startDate.replace(/-\d\d-\d\d$/, '-12-12'),
  divisionId: 1,
  divisionName: 'Main Campus',
  sectionCount: 5,
});
// Fall 2026 is under way on the test's day.
const TERMS = [term(12, 'Spring 2027', '2027-01-12'), term(10, 'Fall 2026', '2026-08-24')];

const BIOL_101: CostGapCourse = {
  divisionId: 1,
  departmentId: 100,
  departmentCode: 'BIOL',
  courseId: 40,
  courseCode: '101',
  courseName: 'Introduction to Biology',
  termId: 10,
  termName: 'Fall 2026',
  mayOpenCourse: true,
  sectionCount: 3,
  lowestCents: 2_000,
  highestCents: 9_500,
  cheapest: {
    sectionId: 1,
    sectionCode: '001',
    professorNames: ['Ida Instructor'],
    lowCents: 2_000,
    highCents: 3_500,
    designation: 'LTC',
  },
  gaps: [
    {
      sectionId: 2,
      sectionCode: '002',
      professorNames: [],
      lowCents: 9_500,
      highCents: 9_500,
      designation: 'NONE',
      costDiffers: true,
      differenceCents: 7_500,
      materialsDiffer: true,
    },
  ],
};

const GAPS = `GET ${ADOPTION_BASE}/costGaps`;

function handlers(overrides: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    [`GET ${BASE}/costReport/terms`]: () => answer(getCostReportTerms, TERMS),
    [GAPS]: (req) =>
      answer(getCostGaps, {
        thresholdCents: 5_000,
        courses: req.url.searchParams.get('termId') === '10' ? [BIOL_101] : [],
      }),
    ...overrides,
  };
}

const gapCalls = (calls: readonly { method: string; url: URL }[]) =>
  calls.filter((c) => c.url.pathname === `${ADOPTION_BASE}/costGaps`);

describe('Cost gaps page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    screenWidth(1280);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 9, 1, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the term under way: each course with a gap, its cheapest alternative and why', async () => {
    const { calls } = renderResearch('/research/cost-gaps', {
      handlers: handlers(),
      actions: ['VIEW_SECTION', 'ADOPT_CMA_TEAM'],
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Courses with cost gaps, Fall 2026' },
      { timeout: 10_000 },
    );
    expect(gapCalls(calls)[0]?.url.search).toBe('?termId=10');
    expect(screen.getByText(/more than \$50\.00 above the cheapest section/)).toBeVisible();
    const row = within(table).getByRole('row', { name: /BIOL 101/ });
    expect(within(row).getByRole('link', { name: 'BIOL 101' })).toHaveAttribute(
      'href',
      '/adopt/course/1/BIOL/101',
    );
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('1 of 3 with a gap');
    expect(cells[1]).toHaveTextContent('$20.00 – $95.00');
    expect(cells[2]).toHaveTextContent('Section 001 (Ida Instructor)$20.00 – $35.00');
    expect(within(cells[2]!).getByText('Low textbook cost')).toBeVisible();
    expect(cells[3]).toHaveTextContent(
      'Section 002$95.00$75.00 more at the cheapest; other required materials',
    );
  });

  it('keeps the term and department in the URL and asks for that department', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderResearch('/research/cost-gaps?termId=10', {
      handlers: handlers(),
    });
    await screen.findByRole('table', { name: /Courses with cost gaps/ }, { timeout: 10_000 });
    const department = screen.getByRole('combobox', { name: 'Department' });
    await waitFor(() => expect(within(department).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(department, '101');
    await waitFor(() =>
      expect(gapCalls(calls).at(-1)?.url.search).toBe('?termId=10&departmentId=101'),
    );
    expect(router.state.location.search).toBe('?termId=10&departmentId=101');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Term' }), '12');
    expect(
      await screen.findByText('No course has a cost gap between its sections in this term.'),
    ).toBeVisible();
    expect(router.state.location.search).toBe('?termId=12');
  });

  it('says what failed and tries again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    renderResearch('/research/cost-gaps', {
      handlers: handlers({
        [GAPS]: () =>
          failures-- > 0
            ? json(404, { message: 'Term not found.', field: 'termId' })
            : answer(getCostGaps, { thresholdCents: 5_000, courses: [BIOL_101] }),
      }),
    });
    expect(
      await screen.findByText(/Could not load the cost gaps: Term not found\./, undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('table', { name: /Courses with cost gaps/ })).toBeVisible();
  });

  it('shows a card per course on a phone', async () => {
    screenWidth(360);
    renderResearch('/research/cost-gaps', {
      handlers: handlers(),
      actions: ['VIEW_SECTION', 'ADOPT_COURSE'],
    });
    const list = await screen.findByRole(
      'list',
      { name: 'Courses with cost gaps, Fall 2026' },
      { timeout: 10_000 },
    );
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('1 of 3 with a gap · $20.00 – $95.00 at the cheapest');
    expect(within(card).getByRole('link', { name: 'BIOL 101' })).toBeVisible();
  });

  it('names the course without a link where the server says course detail would not open', async () => {
    // An adopter of another department: the session holds an adopt action, but course detail
    // of this course would answer 404.
    const elsewhere = { ...BIOL_101, mayOpenCourse: false };
    renderResearch('/research/cost-gaps', {
      handlers: handlers({
        [GAPS]: () => answer(getCostGaps, { thresholdCents: 5_000, courses: [elsewhere] }),
      }),
      actions: ['VIEW_SECTION', 'ADOPT_COURSE'],
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Courses with cost gaps, Fall 2026' },
      { timeout: 10_000 },
    );
    const row = within(table).getByRole('row', { name: /BIOL 101/ });
    expect(within(row).getByText('BIOL 101')).toBeVisible();
    expect(within(row).queryByRole('link')).toBeNull();
  });
});
