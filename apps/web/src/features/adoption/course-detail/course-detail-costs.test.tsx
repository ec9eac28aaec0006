import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CostGapsAnswer } from '@csp/contracts';
import { COURSE_PATH, renderCourse } from '../../../test/adoption/course-detail-fake-server.ts';

const GAPS: CostGapsAnswer = {
  thresholdCents: 5_000,
  courses: [
    {
      divisionId: 1,
      departmentId: 4,
      departmentCode: 'BIOL',
      courseId: 40,
      courseCode: '101',
      courseName: 'Introduction to Biology',
      termId: 9,
      termName: 'Fall 2026',
      mayOpenCourse: true,
      sectionCount: 2,
      lowestCents: 0,
      highestCents: 9_550,
      cheapest: {
        sectionId: 11,
        sectionCode: 'N1',
        professorNames: ['Deja Reed'],
        lowCents: 0,
        highCents: 0,
        designation: 'ZTC',
      },
      gaps: [
        {
          sectionId: 12,
          sectionCode: 'A2',
          professorNames: [],
          lowCents: 9_550,
          highCents: 14_200,
          designation: 'NONE',
          costDiffers: true,
          differenceCents: 9_550,
          materialsDiffer: true,
        },
      ],
    },
  ],
};

async function openCourse(options: Parameters<typeof renderCourse>[1] = {}) {
  const view = renderCourse(COURSE_PATH, options);
  await screen.findByRole('heading', { level: 1, name: 'Introduction to Biology' });
  return view;
}

describe('Course detail: textbook cost (issue 31)', () => {
  it("shows each section's designation chip and required cost range", async () => {
    await openCourse();
    const table = await screen.findByRole('table', { name: /Sections/ });
    expect(within(table).getByRole('columnheader', { name: 'Textbook cost' })).toBeInTheDocument();
    const [ntr, a2, spring] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(ntr!).getByText('Zero textbook cost')).toBeInTheDocument();
    expect(ntr).toHaveTextContent('$0.00');
    expect(a2).toHaveTextContent('$95.50 – $142.00');
    expect(within(a2!).queryByText(/textbook cost$/)).not.toBeInTheDocument();
    // Adopted, but a required material has no price.
    expect(spring).toHaveTextContent('Unknown');
  });

  it('names the cheapest alternative in a Cost gaps panel, with a link to the department report', async () => {
    await openCourse({ costGaps: GAPS });
    const panel = await screen.findByRole('region', { name: 'Cost gaps' });
    expect(panel).toHaveTextContent('more than $50.00 above the cheapest section');
    expect(panel).toHaveTextContent('Fall 2026: 1 of 2 sections');
    expect(panel).toHaveTextContent('Cheapest alternativeSection N1 (Deja Reed)$0.00');
    expect(within(panel).getByText('Zero textbook cost')).toBeInTheDocument();
    const gap = within(panel).getAllByRole('listitem')[0]!;
    expect(gap).toHaveTextContent(
      'Section A2$95.50 – $142.00$95.50 more at the cheapest; other required materials',
    );
    expect(
      within(panel).getByRole('link', { name: 'Cost gaps in BIOL, Fall 2026' }),
    ).toHaveAttribute('href', '/research/cost-gaps?termId=9&departmentId=4');
  });

  it('shows no panel when no section has a gap', async () => {
    const { calls } = await openCourse();
    await screen.findByRole('table', { name: /Sections/ });
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/getCourseCostGaps'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Cost gaps' })).not.toBeInTheDocument();
  });

  it('does not ask for gaps when the caller may not see the sections', async () => {
    const { calls } = await openCourse({ courseActions: ['ADOPT_COURSE'], costGaps: GAPS });
    await screen.findByRole('table', { name: /Sections/ });
    expect(calls.some((c) => c.url.pathname.endsWith('/getCourseCostGaps'))).toBe(false);
    expect(screen.queryByRole('region', { name: 'Cost gaps' })).not.toBeInTheDocument();
  });
});
