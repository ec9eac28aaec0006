import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  CostDesignation,
  ListedTextbookTerm,
  TextbookCourse,
  TextbookDepartment,
} from '@csp/contracts';
import { json } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const BASE = '/app-rest/public/v1/textbooks';
const FALL: ListedTextbookTerm = {
  termId: 10,
  termName: 'Fall 2026',
  divisionName: 'Main Campus',
  startDate: '2020-08-24',
  endDate: '2099-12-18',
  sectionCount: 3,
};
const BIO: TextbookDepartment = {
  departmentId: 3,
  departmentCode: 'BIO',
  departmentName: 'Biology',
  sectionCount: 3,
  sectionsAnswered: 3,
  completenessPercent: 100,
};

/** A section with no text required: only its code and designation matter here. */
const section = (id: number, code: string, designation: CostDesignation, cents: number | null) => ({
  sectionId: id,
  sectionCode: code,
  professors: [],
  startDate: '2026-08-24',
  status: 'NO_TEXT_REQUIRED' as const,
  materials: [],
  designation,
  requiredCostLowCents: cents,
  requiredCostHighCents: cents,
});
const COURSES: TextbookCourse[] = [
  {
    courseCode: '101',
    courseName: 'Intro Biology',
    sections: [section(1, '001', 'ZTC', 0), section(2, '002', 'LTC', 3500)],
  },
  { courseCode: '202', courseName: 'Genetics', sections: [section(3, '001', 'NONE', 12995)] },
];

function renderTextbooks(courses: TextbookCourse[] = COURSES, path = '/textbooks') {
  return renderApp(path, {
    handlers: {
      [`GET ${BASE}/terms`]: () => json(200, { storeName: 'Store A', terms: [FALL] }),
      [`GET ${BASE}`]: () =>
        json(200, {
          storeName: 'Store A',
          term: FALL,
          departments: [BIO],
          sectionCount: 3,
          sectionsAnswered: 3,
          completenessPercent: 100,
          ltcThresholdCents: 5000,
        }),
      [`GET ${BASE}/department`]: () => json(200, { term: FALL, department: BIO, courses }),
    },
  });
}

/** The section items of the opened department, by their lead line. */
const sectionItems = () =>
  screen.getAllByRole('listitem').filter((li) => /^Section \d+/.test(li.textContent ?? ''));

describe("Textbook List's cost designations", { timeout: 20_000 }, () => {
  it("explains the marks once, with the store's threshold, and chips ZTC and LTC sections", async () => {
    const user = userEvent.setup();
    renderTextbooks();
    const explanation = await screen.findByText(/^Zero textbook cost: the required materials/);
    expect(explanation).toHaveTextContent(
      'Zero textbook cost: the required materials cost nothing (open, library or free materials). ' +
        'Low textbook cost: the required materials cost $50.00 or less at the cheapest way the store offers them.',
    );
    await user.click(screen.getByRole('button', { name: /BIO · Biology/ }));
    expect(await screen.findByRole('heading', { level: 4, name: /BIO 101/ })).toBeVisible();
    const [ztc, ltc, none] = sectionItems();
    expect(within(ztc!).getByText('Zero textbook cost')).toBeVisible();
    expect(within(ltc!).getByText('Low textbook cost')).toBeVisible();
    // A section with no designation has no chip (and no "No cost designation" either).
    expect(none).not.toHaveTextContent(/textbook cost|cost designation/i);
    expect(screen.getAllByText(/^Zero textbook cost: /)).toHaveLength(1);
  });

  it('filters the sections by their designation with a labelled select', async () => {
    const user = userEvent.setup();
    renderTextbooks();
    const filter = await screen.findByRole('combobox', { name: 'Textbook cost' });
    expect(filter).toHaveValue('ALL');
    await user.click(screen.getByRole('button', { name: /BIO · Biology/ }));
    expect(await screen.findByRole('heading', { level: 4, name: /BIO 202/ })).toBeVisible();
    expect(sectionItems()).toHaveLength(3);

    await user.selectOptions(filter, 'Zero or low textbook cost');
    // Genetics' only section has no mark: the course goes with it.
    expect(screen.queryByRole('heading', { level: 4, name: /BIO 202/ })).toBeNull();
    expect(sectionItems()).toHaveLength(2);

    await user.selectOptions(filter, 'Low textbook cost only');
    expect(sectionItems().map((li) => within(li).getByText(/^Section/).textContent)).toEqual([
      expect.stringMatching(/^Section 002/),
    ]);

    // A native select: the browser's own keyboard and phone pickers work it (jsdom has neither).
    expect(filter.tagName).toBe('SELECT');
    await user.selectOptions(filter, 'Zero textbook cost only');
    expect(filter).toHaveValue('ZTC');
    expect(sectionItems()).toHaveLength(1);
    expect(sectionItems()[0]).toHaveTextContent('Section 001');
  });

  it('keeps the filter in the URL: a shared link opens with it, and Back undoes it', async () => {
    const user = userEvent.setup();
    const { router } = renderTextbooks(COURSES, '/textbooks?cost=LTC');
    const filter = await screen.findByRole('combobox', { name: 'Textbook cost' });
    expect(filter).toHaveValue('LTC');
    await user.click(screen.getByRole('button', { name: /BIO · Biology/ }));
    expect(await screen.findByRole('heading', { level: 4, name: /BIO 101/ })).toBeVisible();
    expect(sectionItems()).toHaveLength(1);

    await user.selectOptions(filter, 'All sections');
    expect(router.state.location.search).toBe('');
    expect(sectionItems()).toHaveLength(3);
    await user.selectOptions(filter, 'Zero textbook cost only');
    expect(router.state.location.search).toBe('?cost=ZTC');
    await act(() => router.navigate(-1));
    expect(filter).toHaveValue('ALL');
    expect(sectionItems()).toHaveLength(3);
  });

  it('says when no section of an opened department matches', async () => {
    const user = userEvent.setup();
    renderTextbooks([COURSES[1]!]);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Textbook cost' }),
      'Zero or low textbook cost',
    );
    await user.click(screen.getByRole('button', { name: /BIO · Biology/ }));
    expect(
      await screen.findByText('No section of this department matches the textbook cost chosen.'),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
  });
});
