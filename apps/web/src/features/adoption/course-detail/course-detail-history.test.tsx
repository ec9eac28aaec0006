import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdoptionHistoryItem } from '@csp/contracts';
import { describeChange } from './history-change.ts';
import {
  COURSE_PATH,
  HISTORY,
  IMPORT_HISTORY,
  renderCourse,
} from '../../../test/adoption/course-detail-fake-server.ts';

const entry = (
  id: number,
  action: string,
  label: string,
  before: AdoptionHistoryItem['before'],
  after: AdoptionHistoryItem['after'],
): AdoptionHistoryItem => ({
  ...(HISTORY[0] as AdoptionHistoryItem),
  id,
  action,
  label,
  before,
  after,
});

/** What the server writes: createAdoption, an edit (modifyAdoption) and a title link. */
const CREATED = entry(31, 'CREATED', 'Adopted', null, {
  adoptionType: 'SECTION_ADOPTION',
  sectionIdList: [12, 13],
});
const MODIFIED = entry(
  32,
  'MODIFIED',
  'Changed',
  { startDate: '2026-08-25', expirationDate: null, required: true, sectionIdList: [12, 13] },
  { startDate: '2026-09-01', expirationDate: '2027-05-08', required: false, sectionIdList: [12] },
);
const LINKED = entry(
  33,
  'PROPOSED_TITLE_CONVERTED',
  'Proposed title linked to a catalog title',
  { proposedTitleId: 6, titleId: null },
  { titleId: 436, ean13: '9780944900543', description: 'Cell Biology' },
);

const names: Record<number, string> = { 12: 'A2', 13: 'A1' };
const name = (id: number) => names[id] ?? `#${id}`;

describe('history entries, in the words a user knows', () => {
  it('reads a creation as what was made, never "(none) →"', () => {
    expect(describeChange(CREATED, name)).toEqual([
      'Adoption type: Section adoption',
      'Sections: A2, A1',
    ]);
    const course = { ...CREATED, after: { adoptionType: 'AUTO_ADOPTION', sectionIdList: [] } };
    expect(describeChange(course, name)).toEqual([
      'Adoption type: Course adoption',
      'Sections: (none)',
    ]);
  });

  it('shows dates as MM/DD/YYYY, yes/no for flags and sections by code', () => {
    expect(describeChange(MODIFIED, name)).toEqual([
      'Start date: 08/25/2026 → 09/01/2026',
      'Expiration date: (none) → 05/08/2027',
      'Required: yes → no',
      'Sections: A2, A1 → A2',
    ]);
  });

  it('names the linked title and leaves database ids out', () => {
    expect(describeChange(LINKED, name)).toEqual(['ISBN-13: 9780944900543', 'Title: Cell Biology']);
  });

  it('still reads an import as the file and what it said', () => {
    expect(describeChange(IMPORT_HISTORY[1] as AdoptionHistoryItem, name)).toEqual([
      'From file fall-2026-fixed.csv',
      'Sections: A2 → A1, A2',
      'Required: yes → no',
    ]);
  });
});

describe('Course detail: the history of an adoption', () => {
  it('shows the words, sections and dates a user knows', async () => {
    renderCourse(`${COURSE_PATH}?viewAdoptionId=101`, {
      historyById: { 101: [CREATED, MODIFIED, LINKED] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Adoption details' });
    const history = within(dialog).getByRole('region', { name: 'History' });
    const item = async (label: string) =>
      (await within(history).findByText(label)).closest('li') as HTMLElement;
    const made = await item('Adopted');
    expect(made).toHaveTextContent('Adoption type: Section adoption');
    expect(made).toHaveTextContent('Sections: A2 (Fall 2026), A1 (Spring 2027)');
    expect(made).not.toHaveTextContent('(none)');
    const changed = await item('Changed');
    expect(changed).toHaveTextContent('Start date: 08/25/2026 → 09/01/2026');
    expect(changed).toHaveTextContent('Expiration date: (none) → 05/08/2027');
    expect(changed).toHaveTextContent('Required: yes → no');
    expect(changed).toHaveTextContent(
      'Sections: A2 (Fall 2026), A1 (Spring 2027) → A2 (Fall 2026)',
    );
    const linked = await item('Proposed title linked to a catalog title');
    expect(linked).toHaveTextContent('Title: Cell Biology');
    // No internal values anywhere: codes, ids, ISO dates, JSON.
    expect(history).not.toHaveTextContent(
      /SECTION_ADOPTION|AUTO_ADOPTION|id list|Title id|\d{4}-\d{2}-\d{2}|\[|true|false/,
    );
  });
});
