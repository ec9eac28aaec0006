import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import {
  ADOPTIONS,
  CELL_BIOLOGY,
  COURSE_PATH,
  LAB_NOTEBOOK,
  OPEN_READER,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

/** Cell Biology under another title and id: one more section adoption on A2 and A1. */
function reader(n: number): AdoptionMaterialDTO {
  return {
    ...CELL_BIOLOGY,
    adoptionMaterialId: 200 + n,
    title: CELL_BIOLOGY.title && { ...CELL_BIOLOGY.title, description: `Biology Reader ${n}` },
    // One came from an imported file: the table marks it as the card does.
    source: n === 1 ? 'IMPORT' : 'PORTAL',
  };
}

// Eight current adoptions: 7 section adoptions (one waiting for a response) and 1 course one.
const MANY = [CELL_BIOLOGY, LAB_NOTEBOOK, OPEN_READER, ...[1, 2, 3, 4, 5].map(reader)];

const HEADINGS = ['Needing a response', 'Section adoptions', 'Course adoptions (auto adoptions)'];

function list(heading: string) {
  return screen.getByRole('region', {
    name: new RegExp(`^${heading.replace(/[()]/g, '\\$&')} \\(\\d+\\)$`),
  });
}

/** The number in a list's heading, e.g. 7 for "Section adoptions (7)". */
function headingCount(heading: string) {
  const text = within(list(heading)).getByRole('heading', { level: 3 }).textContent ?? '';
  return Number(/\((\d+)\)$/.exec(text)?.[1]);
}

/** The adoptions a list shows: its table's body rows, or its cards. */
function shownIn(heading: string, view: 'table' | 'cards') {
  const region = list(heading);
  if (view === 'cards') return within(region).queryAllByRole('article').length;
  const table = within(region).queryByRole('table', {
    name: new RegExp(`^${heading.slice(0, 8)}`),
  });
  return table ? within(table).getAllByRole('row').length - 1 : 0;
}

describe('Course detail: the adoptions as a table', () => {
  it('opens a course with many adoptions as tables with the same counts as the cards', async () => {
    renderCourse(COURSE_PATH, { adoptions: MANY });
    const sectionTable = await screen.findByRole('table', { name: 'Section adoptions (7)' });
    const views = screen.getByRole('group', { name: 'Adoption view' });
    expect(within(views).getByRole('button', { name: 'Table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    const tableCounts = HEADINGS.map((h) => [headingCount(h), shownIn(h, 'table')]);
    expect(tableCounts).toEqual([
      [1, 1],
      [7, 7],
      [1, 1],
    ]);
    // A row holds the card's essentials.
    const row = within(sectionTable).getByRole('row', { name: /^Cell Biology/ });
    expect(row).toHaveTextContent('978-0-944900-54-3');
    expect(row).toHaveTextContent('Henry Gomez · 3rd edition');
    expect(row).toHaveTextContent('A2 (Fall 2026), A1 (Spring 2027)');
    expect(row).toHaveTextContent('Required');
    const notebook = within(sectionTable).getByRole('row', { name: /^Lab Notebook/ });
    expect(notebook).toHaveTextContent('Response required');
    expect(notebook).toHaveTextContent('Also listed under Needing a response.');
    const imported = within(sectionTable).getByRole('row', { name: /^Biology Reader 1/ });
    expect(within(imported).getByText('Imported', { exact: true })).toBeVisible();
    expect(row).not.toHaveTextContent('Imported');

    await userEvent.setup().click(within(views).getByRole('button', { name: 'Cards' }));
    await waitFor(() => expect(screen.queryAllByRole('table', { name: /adoptions/ })).toEqual([]));
    const cardCounts = HEADINGS.map((h) => [headingCount(h), shownIn(h, 'cards')]);
    expect(cardCounts).toEqual(tableCounts);
  });

  it('keeps a course with a few adoptions on cards', async () => {
    renderCourse(COURSE_PATH, { adoptions: ADOPTIONS });
    await screen.findByRole('article', { name: 'Cell Biology' });
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('table', { name: /^Section adoptions/ })).not.toBeInTheDocument();
  });

  it('switches to cards and back with the keyboard, keeping the choice in the URL for Back', async () => {
    const view = renderCourse(COURSE_PATH, { adoptions: MANY });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Section adoptions (7)' });
    // Tab from Add adoption reaches the switch; the arrows move within it.
    screen.getByRole('button', { name: 'Add adoption' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'Cell Biology' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?adoptionView=cards');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Table' })).toHaveFocus();
    await user.keyboard(' ');
    expect(await screen.findByRole('table', { name: 'Section adoptions (7)' })).toBeVisible();
    expect(view.router.state.location.search).toBe('?adoptionView=table');

    // Back returns to the cards the user chose before.
    await view.router.navigate(-1);
    expect(await screen.findByRole('article', { name: 'Cell Biology' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the same details dialog from a row, keeping the table under it', async () => {
    const view = renderCourse(`${COURSE_PATH}?adoptionView=table`, { adoptions: ADOPTIONS });
    const user = userEvent.setup();
    // Chosen in the link: a table even for a course with few adoptions.
    const table = await screen.findByRole('table', { name: 'Section adoptions (3)' });
    const row = within(table).getByRole('row', { name: /^Cell Biology/ });
    await user.click(within(row).getByRole('button', { name: 'View details of Cell Biology' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    expect(within(dialog).getByRole('heading', { name: 'Cell Biology' })).toBeInTheDocument();
    expect(new URLSearchParams(view.router.state.location.search).get('viewAdoptionId')).toBe(
      '101',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.router.state.location.search).toBe('?adoptionView=table');
    expect(screen.getByRole('table', { name: 'Section adoptions (3)' })).toBeInTheDocument();
  });
});
