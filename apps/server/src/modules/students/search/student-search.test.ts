import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchStudents,
  STUDENT_LOOKUP_REFUSAL,
  STUDENT_SEARCH_MAX_RESULTS,
  type StudentSearchResult,
} from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  PAGER_COUNT,
  PEOPLE,
  studentWorld,
  type StudentWorld,
} from '../../../test-support/student-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';
import { studentMatchOf } from './student-search.ts';

const engines = await testEngines();

describe('studentMatchOf', () => {
  it('reads digits as a student ID and anything else as name words', () => {
    expect(studentMatchOf('123456789')).toEqual({ kind: 'id', id: '123456789' });
    expect(studentMatchOf('123 456')).toEqual({ kind: 'id', id: '123456' });
    expect(studentMatchOf('A00123')).toEqual({ kind: 'id', id: 'A00123' });
    expect(studentMatchOf('Anderson, Alice')).toEqual({
      kind: 'words',
      words: ['anderson', 'alice'],
    });
    expect(studentMatchOf(',,')).toBeUndefined();
  });
});

describe.each(engines)('student/search (%s)', (engine) => {
  let ctx: TestContext;
  let w: StudentWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await studentWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const search = (query: Record<string, string | number>, who?: Caller) =>
    w.call(who ?? w.who.admin, searchStudents, { query });
  const found = async (query: Record<string, string | number>, who?: Caller) => {
    const res = await search(query, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ students: StudentSearchResult[]; recordCount: number }>();
  };
  const names = async (studentSearch: string) =>
    (await found({ studentSearch })).students.map((s) => s.name);

  it('finds a student by the exact ID, with the hyphens of a typed ID ignored', async () => {
    const exact = await found({ studentSearch: '123456789' });
    expect(exact.recordCount).toBe(1);
    expect(exact.students).toEqual([
      {
        customerId: w.students.alice,
        studentIdNum: '123456789',
        firstName: 'Alice',
        lastName: 'Anderson',
        name: 'Anderson, Alice',
        email: 'alice.123456789@example.edu',
        // Two outstanding; the one with a tracking number is on its way back.
        outstandingRentals: 2,
      },
    ]);
    const hyphens = await found({ studentSearch: '123-45-6789' });
    expect(hyphens.students.map((s) => s.customerId)).toEqual([w.students.alice]);
  });

  it('ranks the exact ID before the IDs it starts', async () => {
    // Young's ID is 12345678; Alice's 123456789 starts with it (and Anderson sorts first).
    expect(await names('12345678')).toEqual(['Young, Yan', 'Anderson, Alice']);
    expect(await names('1234')).toEqual(['Anderson, Alice', 'Young, Yan']);
    expect((await found({ studentSearch: '99999' })).students).toEqual([]);
  });

  it('finds by the start of a last or first name: last-name matches first', async () => {
    // Last names Anderson (Alice, Sam), then first names Anders / Anderson (Abbott, Jones).
    expect(await names('anders')).toEqual([
      'Anderson, Alice',
      'Anderson, Sam',
      'Abbott, Anders',
      'Jones, Anderson',
    ]);
    expect(await names('ANDERSON')).toEqual([
      'Anderson, Alice',
      'Anderson, Sam',
      'Jones, Anderson',
    ]);
  });

  it('finds "First Last" and "Last, First", the exact full name first', async () => {
    expect(await names('Alice Anderson')).toEqual(['Anderson, Alice']);
    expect(await names('Anderson, Alice')).toEqual(['Anderson, Alice']);
    expect(await names('al and')).toEqual(['Anderson, Alice']);
    // Leeann Annabel matches both words (and Annabel sorts before Lee), but Anna Lee is exact.
    expect(await names('Anna Lee')).toEqual(['Lee, Anna', 'Annabel, Leeann']);
    expect(await names('Lee, Anna')).toEqual(['Lee, Anna', 'Annabel, Leeann']);
    expect(await names('Alice Jones')).toEqual([]);
  });

  it("takes LIKE's special characters literally", async () => {
    expect(await names('o_n')).toEqual([`${PEOPLE.underscore.lastName}, Per`]);
    expect(await names('ox')).toEqual(['OxNeil, Otto']);
    expect(await names('%%')).toEqual([]);
  });

  it('pages the ranked results and counts them, up to the most a search ranks', async () => {
    const first = await found({ studentSearch: 'pager', pageSize: 10 });
    expect(first.recordCount).toBe(STUDENT_SEARCH_MAX_RESULTS);
    expect(PAGER_COUNT).toBeGreaterThan(STUDENT_SEARCH_MAX_RESULTS);
    expect(first.students.map((s) => s.firstName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `P${String(i + 1).padStart(3, '0')}`),
    );
    const third = await found({ studentSearch: 'pager', pageSize: 10, page: 3 });
    expect(third.students[0]?.firstName).toBe('P021');
    const last = await found({ studentSearch: 'pager', pageSize: 20, page: 25 });
    expect(last.students.map((s) => s.firstName).at(-1)).toBe('P500');
    const past = await found({ studentSearch: 'pager', pageSize: 20, page: 26 });
    expect(past).toEqual({ students: [], recordCount: STUDENT_SEARCH_MAX_RESULTS });
    const few = await found({ studentSearch: 'pager p01', pageSize: 5, page: 2 });
    expect(few.recordCount).toBe(10);
    expect(few.students.map((s) => s.firstName)).toEqual(['P015', 'P016', 'P017', 'P018', 'P019']);
  });

  it("never finds another store's student", async () => {
    const fromA = await found({ studentSearch: '123456789' });
    expect(fromA.students.map((s) => s.customerId)).toEqual([w.students.alice]);
    const fromB = await found({ studentSearch: 'anderson' }, w.who.storeB);
    expect(fromB.students.map((s) => s.customerId)).toEqual([w.students.storeB]);
    expect(fromB.students[0]?.outstandingRentals).toBe(0);
  });

  it('refuses a search of one character, naming studentSearch', async () => {
    for (const studentSearch of ['a', ' a ', '-1']) {
      const res = await search({ studentSearch });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('studentSearch');
    }
    const missing = await w.call(w.who.admin, searchStudents, { query: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('studentSearch');
  });

  it('lets a reporter search and refuses an instructor who only adopts', async () => {
    expect((await found({ studentSearch: 'alice' }, w.who.reporter)).recordCount).toBe(1);
    const refused = await search({ studentSearch: 'alice' }, w.who.instructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(STUDENT_LOOKUP_REFUSAL);
  });
});
