import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  issuesOf,
  removeWaitingUploads,
  sectionNamed,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const HEADER =
  'division,term,term_start,term_end,department,department_name,course,course_name,course_description,section,start_date,end_date,capacity,estimated_enrollment,professors';
const row = (section: string, professors: string) =>
  `Main Campus,Fall 2026,,,BIO,,101,Intro Biology,,${section},,,,,"${professors}"`;

/**
 * Feeds name professors, not people: a name is linked to a professor of the store only when
 * exactly one professor has it. Two "Kim, H" in the store (two people the store told apart by
 * hand) are never guessed between, and "Lee, H" is not "Lee, Hyunil".
 */
describe.each(engines)('matching professors by name (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const professors = (last: string) =>
    queryRows<{ id: number; first: string; email: string | null }>(
      ctx.db,
      sql`select id, first_name as first, email from professors
        where location_id = ${ctx.fixture.locations.a} and last_name = ${last} order by id`,
    );

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    await ctx.db.execute(
      sql`insert into professors (location_id, last_name, first_name) values
        (${ctx.fixture.locations.a}, 'Kim', 'H'), (${ctx.fixture.locations.a}, 'Kim', 'H'),
        (${ctx.fixture.locations.a}, 'Lee', 'Hyunil')`,
    );
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('rejects a section naming a professor the store has twice; links a unique name', async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file: [HEADER, row('010', 'Kim, H'), row('011', 'Lee, Hyunil'), row('012', 'Lee, H'), ''].join('\n'),
    });
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 2, rowsRejected: 1 });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues).toEqual([
      {
        rowNumber: 2,
        column: 'professors',
        value: 'Kim, H',
        message:
          'names a professor the store has more than once: merge them in the store, then import again',
        warning: false,
      },
    ]);
    await applied(ctx, admin, checked.importId);
    const a = ctx.fixture.locations.a;
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '010')).toBeUndefined();
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '011')).toMatchObject({
      professorNames: 'Lee, Hyunil',
    });
    expect(await sectionNamed(ctx.db, a, 'Fall 2026 - Main', 'BIO', '101', '012')).toMatchObject({
      professorNames: 'Lee, H',
    });
    expect((await professors('Kim')).length).toBe(2);
    expect((await professors('Lee')).map((p) => p.first)).toEqual(['Hyunil', 'H']);
  });

  it("rejects a professors file's row whose name the store has twice, writing neither", async () => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'professors',
      fileName: 'professors.csv',
      file: 'last_name,first_name,email\nKim,H,kim@example.edu\nLee,Hyunil,lee@example.edu\n',
    });
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: 1, rowsRejected: 1 });
    expect(checked.reasons).toEqual([
      {
        column: 'last_name',
        message:
          'is the name of more than one professor of the store: merge them in the store, then import again',
        rows: 1,
      },
    ]);
    await applied(ctx, admin, checked.importId);
    expect((await professors('Kim')).map((p) => p.email)).toEqual([null, null]);
    expect((await professors('Lee'))[0]?.email).toBe('lee@example.edu');
  });
});
