import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getSectionsByDivisionAndCourse, type AdoptionSection } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { addCatalog, signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import { isoDay } from './sections.ts';

const engines = await testEngines();
const DAY = 86_400_000;
/** A date `days` from today, as the database stores it (tests never depend on the calendar). */
const day = (days: number) => isoDay(new Date(Date.now() + days * DAY));

/** The sections an adopter picks from, with what the adoption screens show of each. */
describe.each(engines)('adoption: sections of a course (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let instructor: Caller;
  let course: { divisionId: number; departmentCode: string; courseCode: string };
  const ids: Record<'running' | 'spring' | 'ended', number> = { running: 0, spring: 0, ended: 0 };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    const { locations, catalog } = ctx.fixture;
    const db = ctx.db;
    const geo = await addCatalog(db, locations.a, {
      divisionId: catalog.divisionId,
      departmentCode: 'GEO',
    });
    course = { divisionId: geo.divisionId, departmentCode: 'GEO', courseCode: geo.courseCode };
    const courseId = geo.courseId;
    const section = async (code: string, start: number, end: number) => {
      const [row] = await db
        .insert(t.sections)
        .values({
          locationId: locations.a,
          courseId,
          termId: catalog.termId,
          code,
          startDate: day(start),
          endDate: day(end),
        })
        .returning({ id: t.sections.id });
      return row?.id ?? 0;
    };
    ids.running = await section('R01', -30, 60);
    ids.spring = await section('S01', 90, 200);
    ids.ended = await section('E01', -400, -200);
    // The fixture's professor (the instructor's) teaches the running section only.
    await db
      .insert(t.sectionProfessors)
      .values({ sectionId: ids.running, professorId: catalog.professorId });
    // Three students in the running section.
    const students = await db
      .insert(t.students)
      .values(
        [1, 2, 3].map((n) => ({
          locationId: locations.a,
          studentIdNum: `S-${n}`,
          firstName: `Stu${n}`,
          lastName: 'Dent',
          email: `stu${n}@store-a.test`,
        })),
      )
      .returning({ id: t.students.id });
    await db
      .insert(t.enrollments)
      .values(
        students.map((s) => ({ studentId: s.id, sectionId: ids.running, locationId: locations.a })),
      );
    // A book adopted for the running section; "no text required" for the spring one.
    const [title] = await db
      .insert(t.titles)
      .values({
        locationId: locations.a,
        ean13: '9780306406157',
        description: 'Rocks',
        listPriceCents: 9_000,
        usedPriceCents: 6_000,
      })
      .returning({ id: t.titles.id });
    const adopt = async (sectionId: number, noTextRequired: boolean) => {
      const [row] = await db
        .insert(t.adoptionMaterials)
        .values({
          locationId: locations.a,
          courseId,
          titleId: noTextRequired ? null : (title?.id ?? null),
          adoptionType: 'SECTION_ADOPTION',
          startDate: day(-40),
          noTextRequired,
        })
        .returning({ id: t.adoptionMaterials.id });
      await db
        .insert(t.adoptionMaterialSections)
        .values({ adoptionMaterialId: row?.id ?? 0, sectionId });
    };
    await adopt(ids.running, false);
    await adopt(ids.spring, true);
    // Orders of the running section: 2 fulfilled, 1 pending, 1 cancelled (not counted).
    const [order] = await db
      .insert(t.orders)
      .values({
        locationId: locations.a,
        studentId: students[0]?.id ?? 0,
        divisionId: catalog.divisionId,
        orderType: 'WEB',
        status: 'OPEN',
      })
      .returning({ id: t.orders.id });
    await db.insert(t.orderItems).values(
      ['FULFILLED', 'FULFILLED', 'PENDING', 'CANCELLED'].map((status) => ({
        locationId: locations.a,
        orderId: order?.id ?? 0,
        titleId: title?.id ?? 0,
        sectionId: ids.running,
        fulfillmentType: 'BUY_NEW',
        status,
        priceCents: 5000,
      })),
    );
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
    instructor = await signIn(ctx, ctx.fixture.accounts.instructor.userName);
  });
  afterAll(async () => ctx?.close());

  const sectionsFor = async (who: Caller) => {
    const res = await ctx.app.inject({
      url: fillPath(getSectionsByDivisionAndCourse.path, {
        userAccountId: who.accountId,
        ...course,
      }),
      headers: { host: who.host, 'auth-token': who.token },
    });
    return res;
  };

  it('lists the sections that have not ended, by start date, with their figures', async () => {
    const res = await sectionsFor(admin);
    expect(res.statusCode).toBe(200);
    const sections: AdoptionSection[] = res.json().potentialAdoptionSections;
    // (The catalog helper's own section, on fixed dates, is left out of the comparison.)
    const ours = sections.map((s) => s.sectionId).filter((id) => Object.values(ids).includes(id));
    expect(ours).toEqual([ids.running, ids.spring]);
    expect(sections.find((s) => s.sectionId === ids.running)).toEqual({
      sectionId: ids.running,
      courseCode: course.courseCode,
      sectionCode: 'R01',
      termName: 'Fall 2026',
      startDate: day(-30),
      endDate: day(60),
      professorNames: ['Ida Instructor'],
      studentsEnrolled: 3,
      listingCount: 1,
      sectionHasNTRAdoption: false,
      sectionHasNonNTRAdoption: true,
      noTextRequired: false,
      percentOrderItemsFulfilled: 66.7,
      // Its one required book at its cheapest (used) and dearest (new) way: over $40, no mark.
      requiredCostLowCents: 6_000,
      requiredCostHighCents: 9_000,
      designation: 'NONE',
    });
    expect(sections.find((s) => s.sectionId === ids.spring)).toMatchObject({
      professorNames: [],
      studentsEnrolled: 0,
      listingCount: 1,
      sectionHasNTRAdoption: true,
      sectionHasNonNTRAdoption: false,
      noTextRequired: true,
      percentOrderItemsFulfilled: null,
      requiredCostLowCents: 0,
      requiredCostHighCents: 0,
      designation: 'ZTC',
    });
  });

  it('gives an instructor only the sections they teach', async () => {
    const res = await sectionsFor(instructor);
    expect(res.statusCode).toBe(200);
    expect(res.json().potentialAdoptionSections.map((s: AdoptionSection) => s.sectionId)).toEqual([
      ids.running,
    ]);
  });
});
