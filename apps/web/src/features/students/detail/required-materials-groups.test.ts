import { describe, expect, it } from 'vitest';
import type { RequiredMaterial } from '@csp/contracts';
import { groupBySection, ownedStatus } from './required-materials-groups.ts';

function material(overrides: Partial<RequiredMaterial> = {}): RequiredMaterial {
  return {
    sectionId: 1,
    courseCode: 'BIOL 101',
    courseName: 'Biology',
    sectionCode: 'A1',
    termName: 'Fall 2026',
    divisionName: 'Main Campus',
    startDate: '2026-08-25',
    endDate: '2026-12-12',
    adoptionMaterialId: 10,
    titleId: 100,
    isbn: '9780000000001',
    title: 'Cell Biology',
    author: 'Henry Gomez',
    edition: '3rd',
    required: true,
    noTextRequired: false,
    owned: null,
    ...overrides,
  };
}

describe('groupBySection', () => {
  it('puts each section once, the earliest start first, required materials first', () => {
    const groups = groupBySection([
      material({ sectionId: 2, courseCode: 'HIST 200', startDate: '2027-01-12', title: 'Late' }),
      material({ sectionId: 1, title: 'Optional one', required: false }),
      material({ sectionId: 1, title: 'Required one' }),
    ]);
    expect(groups.map((g) => g.sectionId)).toEqual([1, 2]);
    expect(groups[0]?.materials.map((m) => m.title)).toEqual(['Required one', 'Optional one']);
  });

  it('marks a section whose only adoption says no text is required', () => {
    const [ntr, mixed] = groupBySection([
      material({ sectionId: 3, noTextRequired: true, title: null, titleId: null }),
      material({ sectionId: 4, startDate: '2026-09-01', noTextRequired: true, title: null }),
      material({ sectionId: 4, startDate: '2026-09-01' }),
    ]);
    expect(ntr).toMatchObject({ sectionId: 3, noTextRequired: true, materials: [] });
    expect(mixed?.noTextRequired).toBe(false);
    expect(mixed?.materials).toHaveLength(1);
  });

  it('has nothing to show for no rows', () => {
    expect(groupBySection([])).toEqual([]);
  });
});

describe('ownedStatus', () => {
  it('says what the student has, and stresses nothing yet', () => {
    expect(
      ownedStatus({ owned: { orderId: 1, fulfillmentType: 'RENT_NEW', status: 'FULFILLED' } }),
    ).toEqual({ text: 'Rented new — fulfilled', tone: 'have' });
    expect(
      ownedStatus({ owned: { orderId: 1, fulfillmentType: 'BUY_USED', status: 'PENDING' } }),
    ).toEqual({ text: 'Ordered: buy used — pending', tone: 'ordered' });
    expect(ownedStatus({ owned: null })).toEqual({ text: 'Not yet ordered', tone: 'missing' });
  });
});
