import { describe, expect, it } from 'vitest';
import { compileCoursePattern, type CompiledCoursePattern } from '@csp/contracts';
import { mapReadings, readCourseId, termKeys, type CandidateSection } from './course-pattern.ts';

function compiled(pattern: string): CompiledCoursePattern {
  const result = compileCoursePattern(pattern);
  if (!result.ok) throw new Error(result.problem);
  return result.pattern;
}

function problem(pattern: string): string | null {
  const result = compileCoursePattern(pattern);
  return result.ok ? null : result.problem;
}

describe('course pattern compiler', () => {
  it('reads the four placeholders and the literal text between them', () => {
    expect(compiled('{term}-{dept}-{course}-{section}').fields).toEqual([
      'term',
      'dept',
      'course',
      'section',
    ]);
    expect(compiled('SIS:{ Dept }{course}.{term}').pieces).toEqual([
      { literal: 'SIS:' },
      { field: 'dept' },
      { field: 'course' },
      { literal: '.' },
      { field: 'term' },
    ]);
  });

  it('requires {term} and {course}, each placeholder at most once, no unknown ones', () => {
    expect(problem('{dept}-{course}')).toBe('The course pattern needs {term}.');
    expect(problem('{dept}')).toBe('The course pattern needs {term} and {course}.');
    expect(problem('{term}-{course}-{term}')).toBe(
      'The course pattern uses {term} more than once.',
    );
    expect(problem('{term}-{course}-{room}')).toMatch(/unknown placeholder \{room\}/);
    expect(problem('{term}-{course}}')).toMatch(/brace/);
    expect(problem('  ')).toBe('Enter a course pattern.');
  });

  it('takes literal separators literally, never as a regular expression', () => {
    const pattern = compiled('{term}.*{course}');
    expect(readCourseId(pattern, 'FA26.*101')).toEqual([{ term: 'FA26', course: '101' }]);
    expect(readCourseId(pattern, 'FA26xx101')).toEqual([]);
  });
});

describe('reading a course id', () => {
  it('ignores the case of the literal text and trims the values', () => {
    expect(readCourseId(compiled('sec_{term}_{course}'), 'SEC_2026FA_101')).toEqual([
      { term: '2026FA', course: '101' },
    ]);
  });

  it('offers every split when a value may hold the separator, shortest first', () => {
    const readings = readCourseId(compiled('{term}-{dept}-{course}'), 'Fall 2026 - Main-BIOL-101');
    expect(readings[0]).toEqual({ term: 'Fall 2026', dept: 'Main', course: 'BIOL-101' });
    expect(readings).toContainEqual({ term: 'Fall 2026 - Main', dept: 'BIOL', course: '101' });
  });

  it('does not read an id of another shape', () => {
    expect(readCourseId(compiled('{term}-{course}'), 'BIOL101')).toEqual([]);
    expect(readCourseId(compiled('{term}-{course}'), '')).toEqual([]);
  });
});

describe('term names', () => {
  it('match the name, the short name and a student system code', () => {
    const keys = termKeys('Fall 2026 - Main Campus');
    for (const code of [
      'fall2026',
      '2026fa',
      'fa2026',
      'fa26',
      'f26',
      '26fa',
      'fallmaincampus2026',
    ]) {
      if (code === 'fallmaincampus2026') expect(keys.has(code)).toBe(false);
      else expect(keys.has(code)).toBe(true);
    }
    expect(keys.has('fall2026maincampus')).toBe(true);
    expect(termKeys('Spring 2027').has('sp27')).toBe(true);
    expect(termKeys('Spring 2027').has('fa27')).toBe(false);
  });
});

describe('which section an id names', () => {
  const section = (
    id: number,
    code: string,
    term = 'Fall 2026 - Main Campus',
  ): CandidateSection => ({
    sectionId: id,
    courseId: 7,
    sectionCode: code,
    courseCode: '101',
    departmentCode: 'BIOL',
    termName: term,
  });
  const catalog = [
    section(1, '001'),
    section(2, '002'),
    section(3, '001', 'Spring 2027 - Main Campus'),
  ];

  it('maps the section, "1" naming "001"', () => {
    const readings = readCourseId(
      compiled('{term}-{dept}-{course}-{section}'),
      '2026FA-biol-101-1',
    );
    expect(mapReadings(readings, catalog)).toMatchObject({
      mapped: true,
      sections: [{ sectionId: 1 }],
    });
  });

  it('without {section} names the course\u2019s sections of the term', () => {
    const readings = readCourseId(compiled('{dept}{course} {term}'), 'BIOL101 Fall 2026');
    expect(mapReadings(readings, catalog)).toMatchObject({
      mapped: true,
      sections: [{ sectionId: 1 }, { sectionId: 2 }],
    });
  });

  it('says how far an id got when it names nothing', () => {
    const pattern = compiled('{term}-{dept}-{course}-{section}');
    expect(mapReadings(readCourseId(pattern, 'FA26-CHEM-101-001'), catalog)).toEqual({
      mapped: false,
      why: 'No course CHEM 101 in the catalog.',
    });
    expect(mapReadings(readCourseId(pattern, 'SU26-BIOL-101-001'), catalog)).toEqual({
      mapped: false,
      why: 'The catalog has BIOL 101 but no term named \u201cSU26\u201d for it.',
    });
    expect(mapReadings(readCourseId(pattern, 'FA26-BIOL-101-009'), catalog)).toEqual({
      mapped: false,
      why: 'BIOL 101 has no section \u201c009\u201d in Fall 2026.',
    });
    expect(mapReadings(readCourseId(pattern, 'nonsense'), catalog)).toMatchObject({
      mapped: false,
    });
  });
});
