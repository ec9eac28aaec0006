import { describe, expect, it } from 'vitest';
import { editionNumber, isNewerEdition } from './editions.ts';
import { enrollmentChange, priceChange } from './material-changes.ts';

describe('editionNumber', () => {
  it.each([
    ['2nd', 2],
    ['3', 3],
    ['Third', 3],
    ['3rd ed.', 3],
    ['Twelfth Edition', 12],
    ['9/E', 9],
    ['2Ce', 2],
    ['', null],
    ['Latest', null],
    ['Revised', null],
    ['0', null],
    ['2019', null],
    ['2019 Update', null],
    ['2nd, 2018 printing', 2],
  ])('reads %j as %j', (text, n) => {
    expect(editionNumber(text)).toBe(n);
  });
});

describe('isNewerEdition', () => {
  it('compares edition numbers first, then years when they are equal or unreadable', () => {
    expect(isNewerEdition({ edition: '3rd', year: 2010 }, { edition: '2nd', year: 2020 })).toBe(
      true,
    );
    expect(isNewerEdition({ edition: '1st', year: 2024 }, { edition: '2nd', year: 2020 })).toBe(
      false,
    );
    expect(isNewerEdition({ edition: '2', year: 2024 }, { edition: 'Second', year: 2020 })).toBe(
      true,
    );
    expect(isNewerEdition({ edition: '', year: 2023 }, { edition: '5th', year: 2018 })).toBe(true);
    expect(isNewerEdition({ edition: '', year: 2018 }, { edition: '', year: 2018 })).toBe(false);
    expect(isNewerEdition({ edition: '', year: null }, { edition: '', year: 2018 })).toBe(false);
    // A year written as the edition is no edition number: the years decide.
    expect(isNewerEdition({ edition: '6th', year: 2022 }, { edition: '2020', year: 2020 })).toBe(
      true,
    );
    expect(isNewerEdition({ edition: '2020', year: 2020 }, { edition: '10th', year: 2022 })).toBe(
      false,
    );
  });
});

describe('enrollmentChange', () => {
  it('reports a move of more than a quarter either way, not a quarter or less', () => {
    expect(enrollmentChange(40, 51)).toEqual({
      kind: 'ENROLLMENT_CHANGE',
      message: 'Enrollment up 28% (40 to 51).',
    });
    expect(enrollmentChange(40, 29)).toEqual({
      kind: 'ENROLLMENT_CHANGE',
      message: 'Enrollment down 28% (40 to 29).',
    });
    expect(enrollmentChange(40, 50)).toBeNull();
    expect(enrollmentChange(40, 30)).toBeNull();
    expect(enrollmentChange(40, 40)).toBeNull();
  });

  it('compares nothing when either figure is zero (no enrollment and no estimate: not known)', () => {
    expect(enrollmentChange(0, 12)).toBeNull();
    expect(enrollmentChange(0, 0)).toBeNull();
    expect(enrollmentChange(40, 0)).toBeNull();
    expect(enrollmentChange(1, 2)?.message).toBe('Enrollment up 100% (1 to 2).');
  });
});

describe('priceChange', () => {
  it('compares against the threshold in percent of the store’s price; exactly the threshold is no change', () => {
    const at = (store: number, distributor: number | null, threshold = 10) =>
      priceChange({
        listPriceCents: store,
        productPriceCents: distributor,
        thresholdPercent: threshold,
      });
    expect(at(10_000, 11_000)).toBeNull();
    expect(at(10_000, 11_001)?.kind).toBe('PRICE_CHANGE');
    expect(at(10_000, 8_999)?.message).toBe(
      'Price down 10%: $100.00 in the store, $89.99 from the distributor.',
    );
    expect(at(10_000, 15_000, 50)).toBeNull();
    expect(at(10_000, null)).toBeNull();
    expect(at(0, 5_000)).toBeNull();
  });
});
