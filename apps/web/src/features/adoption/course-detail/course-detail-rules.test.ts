import { describe, expect, it } from 'vitest';
import type { AdoptionHistoryItem } from '@csp/contracts';
import { adoptionFlags, groupAdoptions } from './adoption-format.ts';
import { removableSections } from './adoption-rules.ts';
import { courseCapabilities } from './course-capabilities.ts';
import { titleColour, titleInitials } from './cover-placeholder.ts';
import { describeChange, isCreation } from './history-change.ts';
import { messageFormSchema, splitEmails } from './message-form-schema.ts';
import { showsNoMaterialRequired } from './section-figures.tsx';
import {
  ADOPTIONS,
  CELL_BIOLOGY,
  HISTORY,
  IMPORT_HISTORY,
  LAB_NOTEBOOK,
  NO_TEXT,
  OPEN_READER,
  SECTIONS,
} from '../../../test/adoption/course-detail-fake-server.ts';

describe('docs/behaviour/constants.md#display NMR', () => {
  it('shows NMR only for a no-text-required section whose listing count is 1', () => {
    const [ntr, a2] = SECTIONS as [(typeof SECTIONS)[0], (typeof SECTIONS)[0]];
    expect(showsNoMaterialRequired(ntr)).toBe(true);
    expect(showsNoMaterialRequired({ ...ntr, listingCount: 2 })).toBe(false);
    expect(showsNoMaterialRequired({ ...a2, listingCount: 1 })).toBe(false);
  });
});

describe('the adoption lists', () => {
  it('puts every current adoption under its type, and those needing a response first too', () => {
    const groups = groupAdoptions(ADOPTIONS);
    expect(groups.needingResponse).toEqual([LAB_NOTEBOOK]);
    expect(groups.section).toEqual([CELL_BIOLOGY, LAB_NOTEBOOK, NO_TEXT]);
    expect(groups.course).toEqual([OPEN_READER]);
    expect(groups.hidden).toBe(0);
  });

  it('leaves out ended adoptions and those removed from every section', () => {
    const removed = { ...LAB_NOTEBOOK, sections: [] };
    const ended = { ...OPEN_READER, active: false };
    const groups = groupAdoptions([CELL_BIOLOGY, removed, ended]);
    expect(groups).toEqual({ needingResponse: [], section: [CELL_BIOLOGY], course: [], hidden: 2 });
  });

  it('names flags, and a no-text record is neither required nor optional', () => {
    expect(adoptionFlags(NO_TEXT)).toEqual(['No text required']);
    expect(adoptionFlags({ ...CELL_BIOLOGY, iapublisher: null, required: false })).toContain(
      'Inclusive access',
    );
  });

  it('offers removal only from sections the caller may adopt for', () => {
    const adoptable = new Map(
      SECTIONS.filter((s) => s.sectionId === 12).map((s) => [s.sectionId, s]),
    );
    expect(removableSections(CELL_BIOLOGY, adoptable).map((s) => s.sectionCode)).toEqual(['A2']);
    expect(removableSections(OPEN_READER, adoptable)).toEqual([]);
  });

  it('lets only course-level adopters act on the whole course', () => {
    expect(courseCapabilities(['ADOPT_INSTRUCTOR'], [], false)).toEqual({
      mayAdopt: true,
      mayActOnCourse: false,
      mayLinkTitles: false,
      mayEditTitles: false,
    });
    expect(courseCapabilities(['ADOPT_COURSE'], ['ADOPT_COURSE'], false).mayActOnCourse).toBe(true);
    // A submitter scoped to one section adopts there, but not for the whole course.
    expect(courseCapabilities(['ADOPT_COURSE'], [], false)).toEqual({
      mayAdopt: true,
      mayActOnCourse: false,
      mayLinkTitles: false,
      mayEditTitles: false,
    });
    expect(courseCapabilities(['VIEW_SECTION', 'ASSIGN_TITLE'], [], false).mayAdopt).toBe(false);
  });

  it('lets the course materials team and title assigners link proposed titles', () => {
    expect(courseCapabilities(['ADOPT_CMA_TEAM'], [], false).mayLinkTitles).toBe(true);
    expect(courseCapabilities(['ASSIGN_TITLE'], [], false).mayLinkTitles).toBe(true);
    expect(courseCapabilities(['ADOPT_COURSE'], ['ADOPT_COURSE'], false).mayLinkTitles).toBe(false);
  });

  it("offers Edit title as the server says: the team store-wide only (titles are every catalog's)", () => {
    expect(courseCapabilities(['ADOPT_CMA_TEAM'], [], true).mayEditTitles).toBe(true);
    // A team member of some departments holds the action on the course, but not store-wide.
    expect(courseCapabilities(['ADOPT_CMA_TEAM'], ['ADOPT_CMA_TEAM'], false).mayEditTitles).toBe(
      false,
    );
  });
});

describe('history entries', () => {
  const name = (id: number) => (id === 13 ? 'A1 (Spring 2027)' : `#${id}`);
  const entry = (before: object | null, after: object | null): AdoptionHistoryItem => ({
    ...(HISTORY[0] as AdoptionHistoryItem),
    before: before as AdoptionHistoryItem['before'],
    after: after as AdoptionHistoryItem['after'],
  });

  it('says where a section change happened and what it changed', () => {
    expect(describeChange(HISTORY[0] as AdoptionHistoryItem, name)).toEqual([
      'Section A1 (Spring 2027): on the section → removed',
    ]);
  });

  it('names other fields in words, and skips what did not change', () => {
    expect(
      describeChange(
        entry(
          { active: true, estimatedSectionEnrollment: 20, required: true },
          { active: false, estimatedSectionEnrollment: 35, required: true },
        ),
        name,
      ),
    ).toEqual(['active → ended', 'Estimated section enrollment: 20 → 35']);
    expect(describeChange(entry(null, null), name)).toEqual([]);
  });

  it('says which file an import came from and what it said, in words', () => {
    const [made, changed] = IMPORT_HISTORY as [AdoptionHistoryItem, AdoptionHistoryItem];
    expect(describeChange(made, name)).toEqual([
      'From file fall-2026-adoptions.csv',
      'Sections: A2',
      'Required: yes',
    ]);
    expect(describeChange(changed, name)).toEqual([
      'From file fall-2026-fixed.csv',
      'Sections: A2 → A1, A2',
      'Required: yes → no',
    ]);
    // Whatever the server leaves out, the entry still reads as an import.
    expect(describeChange({ ...made, after: { sectionCodes: [] } }, name)).toEqual([
      'From an imported file',
      'Sections: (none)',
    ]);
  });

  it('takes an import with nothing before it for the adoption being made, a re-import not', () => {
    const [made, changed] = IMPORT_HISTORY as [AdoptionHistoryItem, AdoptionHistoryItem];
    expect(isCreation(made)).toBe(true);
    expect(isCreation(changed)).toBe(false);
    expect(isCreation(HISTORY[0] as AdoptionHistoryItem)).toBe(false);
  });
});

describe('the message form', () => {
  it('splits copied addresses however they are separated', () => {
    expect(splitEmails(' a@x.edu,b@y.edu; c@z.edu\nd@w.edu ')).toEqual([
      'a@x.edu',
      'b@y.edu',
      'c@z.edu',
      'd@w.edu',
    ]);
  });

  it('refuses a blank message, bad addresses and more than 20 copies', () => {
    const base = { message: 'Hello', notifySubmitter: false, cc: '' };
    expect(messageFormSchema.safeParse(base).success).toBe(true);
    expect(messageFormSchema.safeParse({ ...base, message: '   ' }).error?.issues[0]?.message).toBe(
      'Enter a message.',
    );
    expect(
      messageFormSchema.safeParse({ ...base, cc: 'a@x.edu, nope' }).error?.issues[0]?.message,
    ).toBe('Not an e-mail address: nope');
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@x.edu`).join(',');
    expect(messageFormSchema.safeParse({ ...base, cc: many }).error?.issues[0]?.message).toBe(
      'Copy at most 20 addresses.',
    );
  });
});

describe('generated covers', () => {
  it('takes the initials of the significant words', () => {
    expect(titleInitials('The Practice of Literacy Education')).toBe('PL');
    expect(titleInitials('')).toBe('?');
  });

  it('gives each title a stable colour dark enough for white initials (WCAG 4.5:1)', () => {
    expect(titleColour('Cell Biology')).toBe(titleColour('Cell Biology'));
    const match = /^hsl\((\d+) (\d+)% (\d+)%\)$/.exec(titleColour('Cell Biology'));
    expect(match).not.toBeNull();
    const [s, l] = [Number(match?.[2]) / 100, Number(match?.[3]) / 100];
    // Every hue the hash can give, at the saturation and lightness it uses.
    for (let hue = 0; hue < 360; hue++) {
      expect(contrastWithWhite(hue, s, l), `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** WCAG contrast of white on an HSL colour. */
function contrastWithWhite(h: number, s: number, l: number): number {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [channel(0), channel(8), channel(4)].map(linear) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}
