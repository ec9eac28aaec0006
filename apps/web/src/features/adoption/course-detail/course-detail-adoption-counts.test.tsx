import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import {
  CELL_BIOLOGY,
  COURSE_PATH,
  LAB_NOTEBOOK,
  OPEN_READER,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

// Cell Biology is on A2 and A1 (Spring 2027); Lab Notebook, waiting for a response, on A2:
// the three section adoptions the fake's sections table counts (A2: 2, A1 Spring: 1).
const REMOVED: AdoptionMaterialDTO = {
  ...CELL_BIOLOGY,
  adoptionMaterialId: 106,
  sections: [],
  title: CELL_BIOLOGY.title && { ...CELL_BIOLOGY.title, description: 'Removed Reader' },
};
const ENDED: AdoptionMaterialDTO = {
  ...OPEN_READER,
  adoptionMaterialId: 107,
  active: false,
  proposedTitle: OPEN_READER.proposedTitle && {
    ...OPEN_READER.proposedTitle,
    description: 'Ended Reader',
  },
};

const HEADINGS = ['Needing a response', 'Section adoptions', 'Course adoptions (auto adoptions)'];

/** A list's heading count and the cards under it. */
function shown(heading: string) {
  const region = screen.getByRole('region', {
    name: new RegExp(`^${escape(heading)} \\(\\d+\\)$`),
  });
  const name = within(region).getByRole('heading', { level: 3 }).textContent ?? '';
  const count = Number(/\((\d+)\)$/.exec(name)?.[1]);
  return { count, cards: within(region).queryAllByRole('article') };
}

function escape(text: string) {
  return text.replace(/[()]/g, '\\$&');
}

function cardNames(cards: HTMLElement[]) {
  return cards.map((c) => within(c).getByRole('heading', { level: 4 }).textContent);
}

describe('Course detail: the adoption lists count what they show', () => {
  it('counts each card once under each heading, matching the sections table', async () => {
    renderCourse(COURSE_PATH, { adoptions: [CELL_BIOLOGY, LAB_NOTEBOOK, REMOVED, ENDED] });
    await screen.findByRole('heading', { name: /^Section adoptions/ });

    for (const heading of HEADINGS) {
      const { count, cards } = shown(heading);
      expect(count, heading).toBe(cards.length);
    }
    expect(cardNames(shown('Needing a response').cards)).toEqual(['Lab Notebook']);
    // Waiting for a response does not stop it being a section adoption.
    expect(cardNames(shown('Section adoptions').cards)).toEqual(['Cell Biology', 'Lab Notebook']);
    expect(shown('Course adoptions (auto adoptions)').count).toBe(0);

    // Its section adoption cards say it is listed twice, so nobody takes it for two adoptions.
    const [, notebook] = shown('Section adoptions').cards as [HTMLElement, HTMLElement];
    expect(notebook).toHaveTextContent('Also listed under Needing a response.');

    // Removed from every section, or ended: in no list, and said where they went.
    expect(screen.queryByRole('article', { name: 'Removed Reader' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ended Reader' })).not.toBeInTheDocument();
    expect(screen.getByText(/^2 adoptions that have ended/)).toHaveTextContent(
      'only under Previous adoptions',
    );

    // The sections table counts the same section adoptions the list shows on each section.
    const table = await screen.findByRole('table', { name: /Sections/ });
    const sectionCards = shown('Section adoptions').cards;
    for (const [code, term] of [
      ['A2', 'Fall 2026'],
      ['A1', 'Spring 2027'],
    ] as const) {
      const row = within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.startsWith(code) && r.textContent.includes(term));
      // Term, dates, professors, enrolled, then the adoptions column.
      const tableCount = Number(row?.querySelectorAll('td')[4]?.textContent);
      const label = `${code} (${term})`;
      const onSection = sectionCards.filter((c) => c.textContent?.includes(label)).length;
      expect(tableCount, label).toBe(onSection);
    }
  });
});
