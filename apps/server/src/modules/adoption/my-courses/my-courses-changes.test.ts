import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getMyCourses, type MyCourse } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { callAs } from '../../../test-support/permissions-test-support.ts';
import {
  MY_COURSES_NOW,
  myCoursesWorld,
  type MyCoursesWorld,
} from '../../../test-support/my-courses-world.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const engines = await testEngines();

/** "Adopt the same as last time" tells what changed since each title was adopted (issue 30.5). */
describe.each(engines)('My courses: changes since last time (%s)', (engine) => {
  let ctx: TestContext;
  let w: MyCoursesWorld;

  const previousMaterials = async () => {
    const res = await callAs(ctx, w.who.instructor, getMyCourses);
    expect(res.statusCode, res.body).toBe(200);
    const [bio] = (res.json() as { courses: MyCourse[] }).courses;
    return bio!.previous!.materials;
  };

  /** Spring 2026's 001 and Fall 2026's 001 with these estimates; Fall 003 has no Spring 003. */
  const sectionChanges = async (spring: number, fall: number) => {
    const estimate = (sectionId: number, estimatedEnrollment: number) =>
      ctx.db.update(t.sections).set({ estimatedEnrollment }).where(eq(t.sections.id, sectionId));
    await estimate(w.spring.s001, spring);
    await estimate(w.fall.s001, fall);
    await estimate(w.fall.s003, fall);
    const res = await callAs(ctx, w.who.instructor, getMyCourses);
    expect(res.statusCode, res.body).toBe(200);
    const [bio] = (res.json() as { courses: MyCourse[] }).courses;
    return bio!.sections.map((s) => [s.sectionCode, s.changes]);
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => MY_COURSES_NOW });
    w = await myCoursesWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('names a newer edition in the catalog and a title the store marked out of print', async () => {
    // Both titles of Spring 2026 are "Test Author", 3rd edition.
    await ctx.db.insert(t.externalProducts).values({
      ean13: '9780262033848',
      description: 'Cells and Their Parts',
      author: 'Test Author',
      edition: '4th',
      publishDate: '2026-01-01',
    });
    await ctx.db.update(t.titles).set({ outOfPrint: true }).where(eq(t.titles.id, w.titles.genes));
    const materials = await previousMaterials();
    expect(materials.map((m) => [m.title, m.changes])).toEqual([
      ['Genes in Action', [{ kind: 'OUT_OF_PRINT', message: 'This title is out of print.' }]],
      [
        'Cells and Their Parts',
        [
          {
            kind: 'NEWER_EDITION',
            message: '4th edition (2026) is in the catalog: ISBN 978-0-262-03384-8.',
            newerIsbn: '978-0-262-03384-8',
          },
        ],
      ],
    ]);
  });

  it("names a section's enrollment change against the same section last time, with the figures", async () => {
    expect(await sectionChanges(20, 30)).toEqual([
      ['001', [{ kind: 'ENROLLMENT_CHANGE', message: 'Enrollment up 50% (20 to 30).' }]],
      // Spring 2026 had no section 003: nothing to compare.
      ['003', []],
    ]);
    expect(await sectionChanges(40, 20)).toEqual([
      ['001', [{ kind: 'ENROLLMENT_CHANGE', message: 'Enrollment down 50% (40 to 20).' }]],
      ['003', []],
    ]);
  });

  it('names none within 25%, nor when a figure is unknown on either side', async () => {
    const none = [
      ['001', []],
      ['003', []],
    ];
    // Exactly 25% is no change.
    expect(await sectionChanges(20, 25)).toEqual(none);
    expect(await sectionChanges(20, 16)).toEqual(none);
    // Zero is no figure (nobody enrolled, no estimate): not "down 100%".
    expect(await sectionChanges(20, 0)).toEqual(none);
    expect(await sectionChanges(0, 30)).toEqual(none);
  });
});
