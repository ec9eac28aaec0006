import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  issuesOf,
  sectionNamed,
  storeTables,
  uploadChecked,
  removeWaitingUploads,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const HEADER = 'student_id,first_name,last_name,email,division,term,department,course,section';
const STUDENTS = [
  HEADER,
  'S001,Ada,Lovelace,ada@example.edu,Main Campus,Fall 2026,BIO,101,001',
  'S001,Ada,Lovelace,ada@example.edu,Main Campus,Fall 2026,BIO,101,002',
  'S002,Alan,Turing,alan@example.edu,Main Campus,Fall 2026,BIO,101,001',
  'S003,Grace,Hopper,grace@example.edu,Main Campus,Fall 2026,BIO,101,999',
  'S002,Alan,Turing,turing@example.edu,Main Campus,Fall 2026,BIO,101,002',
  'S004,Edsger,Dijkstra,edsger@example.edu,,,,,',
  'S005,Barbara,Liskov,barbara@example.edu,Main Campus,Fall 2026,BIO,,001',
  'S006,Bad,Email,not-an-email,,,,,',
  'S001,Ada,Lovelace,ada@example.edu,Main Campus,Fall 2026,BIO,101,001',
].join('\n');

describe.each(engines)('students and enrollments (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const students = (file: string) =>
    uploadChecked(ctx, admin, { formatId: 'students-enrollments', fileName: 's.csv', file });
  const bio101 = (code: string) =>
    sectionNamed(ctx.db, ctx.fixture.locations.a, 'Fall 2026 - Main', 'BIO', '101', code);

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    const sections = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file: 'division,term,department,course,course_name,section\nMain Campus,Fall 2026,BIO,101,Intro Biology,002\n',
    });
    await applied(ctx, admin, sections.importId);
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('creates students and enrolls them in sections of the store; a section must exist', async () => {
    const checked = await students(STUDENTS);
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsRead: 9, rowsValid: 5, added: 5 });
    expect(checked.entities).toEqual([
      { entity: 'students', added: 3, updated: 0, unchanged: 0 },
      { entity: 'enrollments', added: 3, updated: 0, unchanged: 0 },
    ]);
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value, i.message])).toEqual([
      [5, 'section', 'BIO 101 999', 'is not a section of the term in the store'],
      [
        6,
        'email',
        'turing@example.edu (row 4 has alan@example.edu)',
        'differs from an earlier row of the same student',
      ],
      [8, 'course', '', 'is required when the row names a section'],
      [9, 'email', 'not-an-email', 'is not an e-mail address'],
    ]);

    const done = await applied(ctx, admin, checked.importId);
    expect(done).toMatchObject({ status: 'APPLIED', added: 5, entities: checked.entities });
    // The sections' kept enrolment counts follow (migration 0012's triggers).
    expect((await bio101('001'))?.enrollmentCount).toBe(2);
    expect((await bio101('002'))?.enrollmentCount).toBe(1);
  });

  it('changes nothing when the same file comes again, and updates a changed student', async () => {
    const tables = await storeTables(ctx.db, ctx.fixture.locations.a);
    const again = await students(STUDENTS);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    await applied(ctx, admin, again.importId);
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(tables);

    const moved = await students(`${HEADER}\nS004,Edsger,Dijkstra,ewd@example.edu,,,,,\n`);
    expect(moved).toMatchObject({ updated: 1 });
    expect(entity(moved, 'students')).toEqual({ added: 0, updated: 1, unchanged: 0 });
    await applied(ctx, admin, moved.importId);
    const after = await storeTables(ctx.db, ctx.fixture.locations.a);
    const dijkstra = (after['students'] as { student_id_num: string; email: string }[]).find(
      (s) => s.student_id_num === 'S004',
    );
    expect(dijkstra?.email).toBe('ewd@example.edu');
    expect(after['enrollments']).toEqual(tables['enrollments']);
  });

  it('tells, before a large file is applied, that the embedded database pauses the portal meanwhile (ADR 0042)', async () => {
    // 35,000 students alone: long enough to apply on the embedded database to be told.
    const rows = Array.from({ length: 35_000 }, (_, i) => `P${i},Pat,Row${i},p${i}@example.edu,,,,,`);
    const large = await students([HEADER, ...rows].join('\n'));
    expect(large).toMatchObject({ status: 'VALIDATED', rowsValid: 35_000 });
    expect(large.applyPauseSeconds).toBe(engine === 'pglite' ? 5 : null);
    // A small file says nothing; neither does an applied one.
    const small = await students(`${HEADER}\nS010,Ken,Thompson,ken@example.edu,,,,,\n`);
    expect(small.applyPauseSeconds).toBeNull();
    expect((await applied(ctx, admin, small.importId)).applyPauseSeconds).toBeNull();
  });

  it("drops the enrollments a file says dropped (the program's participant too, with history); the same file again changes nothing", async () => {
    const section = (await bio101('001'))!;
    const [term] = await queryRows<{ term_id: number }>(
      ctx.db,
      sql`select term_id from sections where id = ${section.id}`,
    );
    const [program] = await ctx.db
      .insert(t.iaPrograms)
      .values({ locationId: ctx.fixture.locations.a, sectionId: section.id, termId: Number(term!.term_id) })
      .returning({ id: t.iaPrograms.id });
    const where = 'Main Campus,Fall 2026,BIO,101';
    const file = [
      `${HEADER},enrollment_status`,
      `S001,Ada,Lovelace,ada@example.edu,${where},001,dropped`,
      `S001,Ada,Lovelace,ada@example.edu,${where},002,enrolled`,
      `S002,Alan,Turing,alan@example.edu,${where},001,Enrolled`,
      'S004,Edsger,Dijkstra,ewd@example.edu,,,,,,dropped',
      `S002,Alan,Turing,alan@example.edu,${where},001,Dropped`,
      `S004,Edsger,Dijkstra,ewd@example.edu,${where},002,withdrawn`,
      `S001,Ada,Lovelace,ada@example.edu,${where},001,maybe`,
    ].join('\n');
    const checked = await students(file);
    expect(checked).toMatchObject({ rowsRead: 7, rowsValid: 4, added: 0, updated: 1, unchanged: 3 });
    expect(checked.entities).toEqual([
      { entity: 'students', added: 0, updated: 0, unchanged: 3 },
      { entity: 'enrollments', added: 0, updated: 0, unchanged: 2 },
      { entity: 'dropped enrollments', added: 1, updated: 0, unchanged: 1 },
    ]);
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value, i.message])).toEqual([
      [5, 'enrollment_status', 'dropped', 'needs the section it drops'],
      [
        6,
        'enrollment_status',
        'dropped (row 4 has enrolled)',
        'differs from an earlier row of the same enrollment',
      ],
      [8, 'enrollment_status', 'maybe', 'is neither enrolled nor dropped (write "enrolled" or "dropped")'],
    ]);
    expect((await bio101('001'))?.enrollmentCount).toBe(2);

    const done = await applied(ctx, admin, checked.importId);
    expect(done).toMatchObject({ status: 'APPLIED', updated: 1, entities: checked.entities });
    expect((await bio101('001'))?.enrollmentCount).toBe(1);
    const participants = await ctx.db
      .select({ id: t.iaParticipants.id, enrolled: t.iaParticipants.enrolled, sid: t.students.studentIdNum })
      .from(t.iaParticipants)
      .innerJoin(t.students, eq(t.students.id, t.iaParticipants.studentId))
      .where(eq(t.iaParticipants.programId, program!.id))
      .orderBy(t.students.studentIdNum);
    expect(participants.map((p) => [p.sid, p.enrolled])).toEqual([
      ['S001', false],
      ['S002', true],
    ]);
    const history = await ctx.db
      .select({ change: t.iaParticipantChanges.change, source: t.iaParticipantChanges.source })
      .from(t.iaParticipantChanges)
      .where(eq(t.iaParticipantChanges.participantId, participants[0]!.id))
      .orderBy(t.iaParticipantChanges.id);
    expect(history).toEqual([
      { change: 'ENROLLED', source: 'PROGRAM' },
      { change: 'DROPPED', source: 'FEED' },
    ]);

    const tables = await storeTables(ctx.db, ctx.fixture.locations.a);
    const again = await students(file);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
    expect(entity(again, 'dropped enrollments')).toEqual({ added: 0, updated: 0, unchanged: 2 });
    await applied(ctx, admin, again.importId);
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(tables);
  });
});
