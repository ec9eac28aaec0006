import { describe, expect, it } from 'vitest';
import { searchKindFor, searchTarget } from '../app/shell/mobile-search.ts';
import { normaliseSearchString } from './search-string.ts';

describe('normaliseSearchString', () => {
  it('removes hyphens when the text contains digits', () => {
    expect(normaliseSearchString(' 978-0-13-468599-1 ')).toBe('9780134685991');
    expect(normaliseSearchString('A-00-123')).toBe('A00123');
  });

  it('keeps hyphens in text without digits', () => {
    expect(normaliseSearchString('Smith-Jones')).toBe('Smith-Jones');
  });
});

describe('mobile search', () => {
  it('searches courses on the adopt pages and students elsewhere', () => {
    expect(searchKindFor('/adopt')).toBe('course');
    expect(searchKindFor('/adopt/course/1/ENG/101')).toBe('course');
    expect(searchKindFor('/adoptions')).toBe('student');
    expect(searchKindFor('/dashboard')).toBe('student');
  });

  it('goes to /adopt?q= or /search?q= with the hyphen rule applied', () => {
    expect(searchTarget('course', 'ENG-101')).toBe('/adopt?q=ENG101');
    expect(searchTarget('student', 'Smith-Jones')).toBe('/search?q=Smith-Jones');
  });
});
