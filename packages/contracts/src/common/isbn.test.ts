import { describe, expect, it } from 'vitest';
import {
  isbn10CheckDigit,
  isbn13CheckDigit,
  isbn13To10,
  isValidIsbn10,
  isValidIsbn13,
  makeIsbn13,
  isbn10To13,
  normalizeIsbn,
} from './isbn.ts';

describe('isValidIsbn13', () => {
  it('accepts published ISBN-13s, with or without hyphens', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('978-0-306-40615-7')).toBe(true);
    expect(isValidIsbn13('9780804429573')).toBe(true);
    expect(isValidIsbn13('9798886451740')).toBe(true);
  });

  it('rejects a wrong check digit, wrong length and non-digits', () => {
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('978030640615')).toBe(false);
    expect(isValidIsbn13('97803064061570')).toBe(false);
    expect(isValidIsbn13('978030640615X')).toBe(false);
    expect(isValidIsbn13('')).toBe(false);
  });

  it('computes check digit 0 when the weighted sum is a multiple of 10', () => {
    expect(isbn13CheckDigit('978186197271')).toBe('2');
    const zero = makeIsbn13('978', 0);
    expect(zero).toBe(`978000000000${isbn13CheckDigit('978000000000')}`);
    expect(isValidIsbn13(zero)).toBe(true);
  });
});

describe('ISBN-10 conversion', () => {
  it('converts 978 ISBN-13s to their ISBN-10, including an X check character', () => {
    expect(isbn13To10('9780306406157')).toBe('0306406152');
    expect(isbn13To10('978-0-8044-2957-3')).toBe('080442957X');
    expect(isbn10CheckDigit('080442957')).toBe('X');
    expect(isValidIsbn10('0-306-40615-2')).toBe(true);
    expect(isValidIsbn10('0306406153')).toBe(false);
  });

  it('gives null for 979 prefixes and invalid input', () => {
    expect(isbn13To10('9798886451740')).toBeNull();
    expect(isbn13To10('9780306406158')).toBeNull();
  });

  it('keeps generated ISBNs valid in both forms', () => {
    // A fixed spread of bodies (a multiplicative walk), so the check is the same every run.
    let body = 12_345;
    for (let i = 0; i < 2000; i++) {
      const isbn = makeIsbn13('978', (body = (body * 48_271) % 999_999_937));
      expect(isValidIsbn13(isbn)).toBe(true);
      const ten = isbn13To10(isbn);
      expect(ten !== null && isValidIsbn10(ten)).toBe(true);
      expect(ten?.slice(0, 9)).toBe(isbn.slice(3, 12));
    }
  });
});

describe('normalizeIsbn', () => {
  it('turns either form, with hyphens or spaces, into the stored ISBN-13', () => {
    expect(normalizeIsbn('978-0-306-40615-7')).toBe('9780306406157');
    expect(normalizeIsbn('0-306-40615-2')).toBe('9780306406157');
    expect(normalizeIsbn('0 8044 2957 x')).toBe('9780804429573');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
  });

  it('refuses anything that is not a valid ISBN', () => {
    for (const input of ['', '9780306406158', '0306406153', '12345', 'ISBN 9780306406157']) {
      expect(normalizeIsbn(input), input).toBeNull();
    }
  });
});
