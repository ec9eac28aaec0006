import { describe, expect, it } from 'vitest';
import {
  SECTION_VIEW_DEFAULTS,
  effectiveDates,
  sectionListBody,
  type SectionView,
} from './section-url-state.ts';
import { rangeText } from './research-messages.ts';
import { pageMove } from './section-results.tsx';
import { readUrlState, writeUrlState } from '../../../lib/url-state.ts';
import { sectionUrlSchema } from './section-url-state.ts';

const TODAY = new Date(2026, 2, 31); // 31 Mar 2026, local
const view = (patch: Partial<SectionView>): SectionView => ({ ...SECTION_VIEW_DEFAULTS, ...patch });
const info = { pageSize: 20, startCursor: 'c20', endCursor: 'c39', hasPreviousPage: true };

describe('section list URL state', () => {
  it('writes only what differs from the defaults, and reads it back the same', () => {
    const state = view({
      division: 1,
      term: 10,
      status: 'OUTSTANDING',
      q: 'BIO',
      page: 2,
      after: 'c19',
    });
    const written = writeUrlState(new URLSearchParams(), state, SECTION_VIEW_DEFAULTS);
    expect(written.toString()).toBe('division=1&term=10&status=OUTSTANDING&q=BIO&page=2&after=c19');
    expect(readUrlState(sectionUrlSchema.shape, SECTION_VIEW_DEFAULTS, written)).toEqual(state);
    expect(
      writeUrlState(new URLSearchParams(), SECTION_VIEW_DEFAULTS, SECTION_VIEW_DEFAULTS).toString(),
    ).toBe('');
  });

  it('drops a hand-edited bad value rather than failing the link', () => {
    const read = readUrlState(
      sectionUrlSchema.shape,
      SECTION_VIEW_DEFAULTS,
      new URLSearchParams('status=LOST&after=bad cursor!&division=2'),
    );
    expect(read).toEqual(view({ division: 2 }));
  });

  it('uses 4 months back to 1 month ahead without a term, and no default dates with one', () => {
    expect(effectiveDates({ from: '', to: '', termId: null }, TODAY)).toEqual({
      from: '2025-11-30',
      to: '2026-04-30',
    });
    expect(effectiveDates({ from: '', to: '2026-06-01', termId: 10 }, TODAY)).toEqual({
      from: '',
      to: '2026-06-01',
    });
  });

  it('sends only the levels under a chosen parent, and a page without its cursor as page 1', () => {
    const body = sectionListBody(view({ department: 100, course: 1000, page: 4 }), TODAY);
    expect(body).toEqual({
      sectionStartDate: '2025-11-30',
      sectionEndDate: '2026-04-30',
      sortField: 'startDate',
      sortDirection: 'desc',
      pageSize: 20,
      page: 1,
    });
    expect(sectionListBody(view({ q: ' 978-0-13 ', page: 3, before: 'c40' }), TODAY)).toMatchObject(
      { searchString: '978013', page: 3, before: 'c40' },
    );
  });

  it('moves between pages by cursor, and to page 1 without one', () => {
    const page3 = { ...info, page: 3, hasNextPage: true };
    expect(pageMove('next', page3, 100)).toMatchObject({ page: 4, after: 'c39' });
    expect(pageMove('previous', page3, 100)).toMatchObject({ page: 2, before: 'c20' });
    expect(pageMove('previous', { ...page3, page: 2 }, 100)).toEqual(
      expect.objectContaining({ page: undefined, before: undefined }),
    );
    expect(pageMove('last', page3, 101)).toMatchObject({ page: 6, last: true });
  });

  it('says which rows are shown, counting the last page back from the total', () => {
    expect(rangeText({ page: 2, pageSize: 20, hasNextPage: true }, 20, 1234)).toBe(
      '21–40 of 1,234',
    );
    expect(rangeText({ page: 62, pageSize: 20, hasNextPage: false }, 14, 1234)).toBe(
      '1,221–1,234 of 1,234',
    );
    expect(rangeText({ page: 1, pageSize: 20, hasNextPage: false }, 0, 0)).toBe('0 of 0');
  });
});
