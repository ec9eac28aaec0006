import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  FALL_2025,
  removeWaitingUploads,
  sectionNamed,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const SECTIONS_HEADER =
  'division,term,term_start,term_end,department,department_name,course,course_name,course_description,section,start_date,end_date,capacity,estimated_enrollment,professors';
/** UIUC's grade file header and two of its rows: AD2 (26 graded) and AD1 (withheld, N/A). */
const [GRADES_HEADER = ''] = readFileSync(FALL_2025, 'utf8').split('\n', 1);
const GRADES_AD2 = '47100,AAS,100,Intro Asian American Studies,AD2,DIS,120258,"Wang, Yu",,,,,18,4,2,0,1,1,0,0,0,0,0,0,0,0,3.89';
const GRADES_AD1 =
  '41758,AAS,100,Intro Asian American Studies,AD1,DIS,120258,"Kim, Gabriel D",,,,,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A,N/A';

describe.each(engines)('section dates a file does not give (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it("keeps a section's own dates when a file without date columns names it again", async () => {
    const a = ctx.fixture.locations.a;
    const first = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file: [
        SECTIONS_HEADER,
        'Main Campus,Fall 2025,2025-08-25,2025-12-19,AAS,,100,Intro Asian American Studies,,AD2,2025-09-01,2025-10-15,,26,"Wang, Yu"',
        '',
      ].join('\n'),
    });
    expect((await applied(ctx, admin, first.importId)).status).toBe('APPLIED');

    const grades = await uploadChecked(ctx, admin, {
      formatId: 'uiuc-grades-by-crn',
      fileName: 'grades.csv',
      divisionId: ctx.fixture.catalog.divisionId,
      file: [GRADES_HEADER, GRADES_AD2, GRADES_AD1, ''].join('\n'),
    });
    expect(grades).toMatchObject({ status: 'VALIDATED', added: 1, updated: 0, unchanged: 1 });
    expect(entity(grades, 'sections')).toEqual({ added: 1, updated: 0, unchanged: 1 });

    const done = await applied(ctx, admin, grades.importId);
    expect(entity(done, 'sections')).toEqual({ added: 1, updated: 0, unchanged: 1 });
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'AAS', '100', 'AD2')).toMatchObject({
      startDate: '2025-09-01',
      endDate: '2025-10-15',
      estimated: 26,
    });
    // A new section has no dates of its own: it takes the term's.
    expect(await sectionNamed(ctx.db, a, 'Fall 2025', 'AAS', '100', 'AD1')).toMatchObject({
      startDate: '2025-08-25',
      endDate: '2025-12-19',
    });
  });
});
