import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CELL_BIOLOGY,
  COURSE_PATH,
  IMPORT_HISTORY,
  IMPORTED_GENETICS,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

const options = { adoptions: [CELL_BIOLOGY, IMPORTED_GENETICS], history: IMPORT_HISTORY };

const flagsOf = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Flags' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('Course detail: adoptions imported from a file', () => {
  it('marks an imported adoption "Imported" and leaves one made in the portal unmarked', async () => {
    renderCourse(COURSE_PATH, options);
    const imported = await screen.findByRole('article', { name: 'Genetics Workbook' });
    expect(flagsOf(imported)).toEqual(['Section adoption', 'Imported', 'Optional']);
    const portal = screen.getByRole('article', { name: 'Cell Biology' });
    expect(flagsOf(portal)).not.toContain('Imported');
    expect(within(portal).queryByText('Imported')).not.toBeInTheDocument();
  });

  it('marks it in the previous adoptions too', async () => {
    renderCourse(COURSE_PATH, options);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Previous adoptions \(3\)/ }));
    const others = screen.getByRole('region', { name: 'Other adoptions' });
    const item = (name: string) => within(others).getByText(name).closest('li') as HTMLElement;
    expect(within(item('Genetics Workbook')).getByText('Imported')).toBeVisible();
    expect(within(item('Cell Biology')).queryByText('Imported')).not.toBeInTheDocument();
  });

  it('shows in its history the file it came from, and what a re-import changed', async () => {
    renderCourse(`${COURSE_PATH}?viewAdoptionId=105`, options);
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    expect(within(dialog).getByText('Imported')).toBeVisible();
    const history = within(dialog).getByRole('region', { name: 'History' });
    const entries = (await within(history).findAllByText('Imported from a file')).map(
      (label) => label.closest('li') as HTMLElement,
    );
    expect(entries).toHaveLength(2);
    const [made, changed] = entries as [HTMLElement, HTMLElement];
    expect(made).toHaveTextContent('Dana Data (dana@demo-university.edu)');
    expect(made).toHaveTextContent(/06\/20\/2026/);
    expect(made).toHaveTextContent('From file fall-2026-adoptions.csv');
    expect(made).toHaveTextContent('Sections: A2');
    expect(made).toHaveTextContent('Required: yes');
    expect(changed).toHaveTextContent('From file fall-2026-fixed.csv');
    expect(changed).toHaveTextContent('Sections: A2 → A1, A2');
    expect(changed).toHaveTextContent('Required: yes → no');
    // Plain words, not the entry's raw fields.
    expect(history).not.toHaveTextContent(/importId|sectionCodes|Import id/);
    // The import made the adoption: no separate "Adopted" entry before it.
    expect(within(history).queryByText('Adopted')).not.toBeInTheDocument();
  });
});
