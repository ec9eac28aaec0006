import { describe, expect, it } from 'vitest';
import { formatMoney, formatTaxRate } from './money-format.ts';

describe('formatMoney', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1200)).toBe('$12.00');
  });

  it('groups thousands and marks a negative amount', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-500)).toBe('-$5.00');
  });
});

describe('formatTaxRate', () => {
  it('reads hundredths of a percent', () => {
    expect(formatTaxRate(725)).toBe('7.25%');
    expect(formatTaxRate(800)).toBe('8%');
    expect(formatTaxRate(0)).toBe('0%');
    expect(formatTaxRate(625)).toBe('6.25%');
  });
});
