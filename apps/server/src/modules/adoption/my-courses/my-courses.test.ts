import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptSameAsLastTime,
  getAdoptionMaterials,
  getMyCourses,
  type AdoptSameAsLastTimeBody,
  type AdoptionMaterialDTO,
  type MyCourse,
  fillPath,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  MY_COURSES_NOW,
  myCoursesWorld,
  type MyCoursesWorld,
} from '../../../test-support/my-courses-world.ts';

const engines = await testEngines();

describe.each(engines)('My courses (%s)', (engine) => {
  let ctx: TestContext;
  let w: MyCoursesWorld;
  const BIO = { departmentCode: 'BIO', courseCode: '101' };

  const list = async (who: Caller) => {
    const res = await callAs(ctx, who, getMyCourses);
    expect(res.statusCode).toBe(200);
    return res.json() as { courses: MyCourse[]; today: string };
  };
  const adoptSame = (who: Caller, body: Partial<AdoptSameAsLastTimeBody>) =>
    callAs(ctx, who, adoptSameAsLastTime, {
      body: { divisionId: ctx.fixture.catalog.divisionId, ...BIO, ...body },
    });
  const courseAdoptions = async (who: Caller) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: fillPath(getAdoptionMaterials.path, {
        userAccountId: who.accountId,
        divisionId: ctx.fixture.catalog.divisionId,
        ...BIO,
      }),
      headers: authHeaders(who.host, who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { adoptionMaterials: AdoptionMaterialDTO[] }).adoptionMaterials;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => MY_COURSES_NOW });
    w = await myCoursesWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('lists only the sections the instructor teaches, of terms not ended, in this store', async () => {
    const { courses, today } = await list(w.who.instructor);
    expect(today).toBe('2026-10-15');
    expect(courses).toHaveLength(1);
    const [bio] = courses;
    expect(bio).toMatchObject({
      courseId: ctx.fixture.catalog.courseId,
      divisionName: 'Main Campus',
      ...BIO,
      courseName: 'Intro Biology',
    });
    // Not the colleague's 002, not Spring 2026 (ended), not store B's section.
    expect(bio!.sections.map((s) => [s.sectionCode, s.termName])).toEqual([
      ['001', 'Fall 2026'],
      ['003', 'Fall 2026'],
    ]);
    expect(bio!.sections[0]).toMatchObject({
      adoptionStatus: 'OUTSTANDING',
      deadline: '2026-09-01',
      deadlineStatus: 'MISSING',
      adoptedAt: null,
    });
  });

  it("offers the previous term's materials, each once", async () => {
    const [bio] = (await list(w.who.instructor)).courses;
    expect(bio!.previous).toEqual({
      termId: w.spring.termId,
      termName: 'Spring 2026',
      noTextRequired: false,
      materials: [
        {
          title: 'Genes in Action',
          isbn: '978-1-86197-271-2',
          author: 'Test Author',
          edition: '3',
          required: false,
          proposed: false,
          changes: [],
        },
        {
          title: 'Cells and Their Parts',
          isbn: '978-0-306-40615-7',
          author: 'Test Author',
          edition: '3',
          required: true,
          proposed: false,
          changes: [],
        },
      ],
    });
  });

  it('lists a department submitter every section of the department, a store-wide team member none', async () => {
    const [bio] = (await list(w.who.submitter)).courses;
    expect(bio!.sections.map((s) => s.sectionCode)).toEqual(['001', '002', '003']);
    // Store-wide grants would make the whole store theirs: only the sections they teach count.
    expect((await list(w.who.cma)).courses).toEqual([]);
  });

  it("refuses a section that is not the caller's, naming it, and creates nothing", async () => {
    const res = await adoptSame(w.who.instructor, { sectionIds: [w.fall.s001, w.fall.s002] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sectionIds' });
    expect(res.json().message).toContain(String(w.fall.s002));
    const other = await adoptSame(w.who.instructor, { sectionIds: [w.storeBSection] });
    expect(other.statusCode).toBe(400);
    expect(await courseAdoptions(w.who.admin)).toHaveLength(2);
  });

  it('answers 400 naming the field for bad input, 404 for a course the caller cannot adopt on', async () => {
    const empty = await adoptSame(w.who.instructor, { sectionIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('sectionIds');
    const many = await adoptSame(w.who.instructor, {
      sectionIds: Array.from({ length: 201 }, (_, i) => i + 1),
    });
    expect(many.statusCode).toBe(400);
    const elsewhere = await adoptSame(w.who.instructor, {
      courseCode: '999',
      sectionIds: [w.fall.s001],
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("adopts the previous term's materials for the chosen sections, once however often sent", async () => {
    const requestId = '3f0c2a8e-1b4d-4c6e-9a7f-2d5b8c1e0f3a';
    const body = { sectionIds: [w.fall.s001, w.fall.s003], requestId };
    const res = await adoptSame(w.who.instructor, body);
    expect(res.statusCode, res.body).toBe(200);
    const { created, sectionIds } = res.json() as {
      created: AdoptionMaterialDTO[];
      sectionIds: number[];
    };
    expect(sectionIds).toEqual([w.fall.s001, w.fall.s003]);
    // Each as last time, the adopter's chosen kind with it (the other follows its title).
    expect(created.map((a) => [a.titleId, a.required, a.materialKind])).toEqual([
      [w.titles.genes, false, 'COMMERCIAL_PRINT'],
      [w.titles.cells, true, 'COMMERCIAL_DIGITAL'],
    ]);
    for (const a of created) {
      expect(a).toMatchObject({
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-10-15',
        expirationDate: null,
        estimatedSectionEnrollment: 30,
        submitter: { userName: ctx.fixture.accounts.instructor.userName },
      });
      expect(a.sections.map((s) => s.sectionCode)).toEqual(['001', '003']);
    }
    // Visible through the course screen, beside Spring's two.
    const ids = (await courseAdoptions(w.who.instructor)).map((a) => a.adoptionMaterialId);
    expect(ids).toEqual(expect.arrayContaining(created.map((a) => a.adoptionMaterialId)));
    expect(await courseAdoptions(w.who.admin)).toHaveLength(4);
    // The same submit again answers the same adoptions; without its id, the sections are adopted.
    const again = await adoptSame(w.who.instructor, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().created.map((a: AdoptionMaterialDTO) => a.adoptionMaterialId)).toEqual(
      created.map((a) => a.adoptionMaterialId),
    );
    const twice = await adoptSame(w.who.instructor, { sectionIds: [w.fall.s001] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'sectionIds' });
    expect(twice.json().message).toContain('001 (Fall 2026)');
    expect(await courseAdoptions(w.who.admin)).toHaveLength(4);
  });

  it('shows the sections adopted, on time or late against the deadline', async () => {
    const [bio] = (await list(w.who.instructor)).courses;
    expect(bio!.sections.map((s) => [s.adoptionStatus, s.deadlineStatus])).toEqual([
      ['ADOPTED', 'LATE'],
      ['ADOPTED', 'LATE'],
    ]);
    expect(bio!.sections[0]!.adoptedAt).toBe('2026-10-15T12:00:00.000Z');
  });
});
