import { describe, expect, it } from 'vitest';
import { figuresSentence, fulfilmentRows, orderTypeRows } from './metric-figures.ts';
import { formatCount, formatPercent } from './metric-format.ts';

describe('metric figures', () => {
  it('writes counts with separators and shares with one decimal, a missing share as a dash', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(72.44)).toBe('72.4%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
  });

  it('shares fulfilment states over the items not cancelled, as the fulfilled percentage is', () => {
    const rows = fulfilmentRows([
      { state: 'FULFILLED', count: 75 },
      { state: 'PENDING', count: 20 },
      { state: 'ON_HOLD', count: 5 },
      { state: 'CANCELLED', count: 900 },
    ]);
    expect(rows.map((r) => [r.label, r.share])).toEqual([
      ['Fulfilled', 75],
      ['Pending', 20],
      ['On hold', 5],
      ['Cancelled', null],
    ]);
    expect(figuresSentence(rows, 'item', 'items')).toBe(
      'Fulfilled: 75 items (75.0%); Pending: 20 items (20.0%); On hold: 5 items (5.0%); Cancelled: 900 items',
    );
  });

  it('labels every order type in the contract’s words, one item in the singular', () => {
    const rows = orderTypeRows([
      { orderType: 'RENT_NEW', count: 1 },
      { orderType: 'DIGITAL', count: 3 },
    ]);
    expect(figuresSentence(rows, 'item', 'items')).toBe(
      'Rent new: 1 item (25.0%); Digital: 3 items (75.0%)',
    );
  });
});
