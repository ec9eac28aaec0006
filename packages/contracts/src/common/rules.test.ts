import { describe, expect, it } from 'vitest';
import { departmentLabel, scopeLabel, shortTermName } from './catalog-labels.ts';
import { safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it('accepts same-origin paths with their query', () => {
    expect(safeNextPath('/research?page=2')).toBe('/research?page=2');
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
  });

  it('refuses other hosts, smuggled schemes, the login page and non-strings', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\tjavascript:alert(1)',
      '/ x',
      '/login',
      '/login?next=/x',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
      42,
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
    expect(safeNextPath('/loginhelp')).toBe('/loginhelp');
  });
});

describe('catalog labels', () => {
  it('cuts term names at the first hyphen (docs/behaviour/constants.md)', () => {
    expect(shortTermName('Fall 2025 - Main Campus - Day')).toBe('Fall 2025');
    expect(shortTermName('Spring 2026')).toBe('Spring 2026');
  });

  it('names a scope from its division down, with the short term of a section', () => {
    const parts = {
      divisionName: 'Main Campus',
      departmentCode: 'BIO',
      courseCode: '101',
      sectionCode: '001',
      termName: 'Fall 2026 - Day',
    };
    expect(scopeLabel(parts)).toBe('Main Campus / BIO / 101 / 001 (Fall 2026)');
    expect(scopeLabel({ ...parts, courseCode: null, sectionCode: null })).toBe('Main Campus / BIO');
  });

  it('names a department "code - name", and once when the name only repeats the code', () => {
    expect(departmentLabel('BIO', 'Biology')).toBe('BIO - Biology');
    expect(departmentLabel('AAS', 'AAS')).toBe('AAS');
    expect(departmentLabel('AAS', ' aas ')).toBe('AAS');
    expect(departmentLabel('AAS', '')).toBe('AAS');
    expect(departmentLabel('AAS', null)).toBe('AAS');
  });
});
