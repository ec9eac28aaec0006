import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getResearchCourses,
  getResearchDepartments,
  getResearchDivisions,
  getResearchProfessors,
  getResearchTerms,
  getSectionDetail,
  getSectionMaterials,
  getStudentRequiredMaterials,
  type Endpoint,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import { researchWorld, type ResearchWorld } from '../../../test-support/research-world.ts';

const engines = await testEngines();

describe.each(engines)('section detail, materials and lookups (%s)', (engine) => {
  let ctx: TestContext;
  let w: ResearchWorld;
  let bioSection: number;
  let chemSection: number;
  const get = (who: Caller, contract: Endpoint, query: Record<string, string | number>) =>
    callAs(ctx, who, contract, { query });

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await researchWorld(ctx);
    bioSection = ctx.fixture.catalog.sectionId;
    const [chem] = await ctx.db
      .select({ id: t.sections.id })
      .from(t.sections)
      .where(eq(t.sections.courseId, w.chem.courseId))
      .limit(1);
    chemSection = chem!.id;
    const locationId = ctx.fixture.locations.a;
    const [title] = await ctx.db
      .insert(t.titles)
      .values({ locationId, ean13: '9780306406157', description: 'Cells', listPriceCents: 4500 })
      .returning({ id: t.titles.id });
    const [am] = await ctx.db
      .insert(t.adoptionMaterials)
      .values({
        locationId,
        courseId: ctx.fixture.catalog.courseId,
        titleId: title!.id,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2026-01-01',
        messagingStatus: 'RESPONSE_REQUIRED',
      })
      .returning({ id: t.adoptionMaterials.id });
    await ctx.db
      .insert(t.adoptionMaterialSections)
      .values({ adoptionMaterialId: am!.id, sectionId: bioSection });
    const [student] = await ctx.db
      .insert(t.students)
      .values({
        locationId,
        studentIdNum: '5550',
        firstName: 'Eve',
        lastName: 'Enrolled',
        email: 'e@a.test',
      })
      .returning({ id: t.students.id });
    await ctx.db
      .insert(t.enrollments)
      .values({ studentId: student!.id, sectionId: bioSection, locationId });
    // One item fulfilled, one pending, one cancelled: the cancelled one does not count.
    const [order] = await ctx.db
      .insert(t.orders)
      .values({
        locationId,
        studentId: student!.id,
        divisionId: ctx.fixture.catalog.divisionId,
        orderType: 'WEB',
        status: 'OPEN',
      })
      .returning({ id: t.orders.id });
    await ctx.db.insert(t.orderItems).values(
      (['FULFILLED', 'PENDING', 'CANCELLED'] as const).map((status) => ({
        locationId,
        orderId: order!.id,
        titleId: title!.id,
        sectionId: bioSection,
        fulfillmentType: 'BUY_NEW',
        status,
        priceCents: 4500,
      })),
    );
  });
  afterAll(async () => ctx?.close());

  it('shows a section with its professors, students keyed by customerId and counts', async () => {
    const res = await get(w.who.admin, getSectionDetail, { sectionId: bioSection });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      sectionId: bioSection,
      departmentCode: 'BIO',
      termName: 'Fall 2026',
      listingCount: 1,
      adoptionStatus: 'NEEDS_INFORMATION',
      sectionHasNonNTRAdoption: true,
      mayAdopt: true,
    });
    expect(detail.professors.map((p: { name: string }) => p.name)).toEqual(['Instructor, Ida']);
    const students = Object.values(detail.studentsEnrolled) as {
      customerId: number;
      lastName: string;
    }[];
    expect(detail.enrollmentCount).toBe(students.length);
    for (const [key, s] of Object.entries(detail.studentsEnrolled))
      expect(key).toBe(String((s as { customerId: number }).customerId));
    expect(students.map((s) => s.lastName)).toContain('Enrolled');
    expect(detail.percentOrderItemsFulfilled).toBe(50);
  });

  it('gives the fulfilled share only to VIEW_ONTIME_PERCENTAGE holders', async () => {
    const res = await get(w.who.submitter, getSectionDetail, { sectionId: bioSection });
    expect(res.statusCode).toBe(200);
    expect('percentOrderItemsFulfilled' in res.json()).toBe(false);
    expect(res.json().mayAdopt).toBe(true);
  });

  it('lists the materials with the status label', async () => {
    const res = await get(w.who.admin, getSectionMaterials, { sectionId: bioSection });
    expect(res.statusCode).toBe(200);
    expect(res.json().materials).toEqual([
      expect.objectContaining({
        isbn: '9780306406157',
        title: 'Cells',
        retailPriceCents: 4500,
        statusLabel: 'Additional Information Needed',
      }),
    ]);
  });

  it('answers 404 naming sectionId out of scope or of another store', async () => {
    for (const [who, id] of [
      [w.who.submitter, chemSection],
      [w.who.storeB, bioSection],
      [w.who.admin, 999999],
    ] as const) {
      for (const contract of [getSectionDetail, getSectionMaterials]) {
        const res = await get(who, contract, { sectionId: id });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ field: 'sectionId' });
      }
    }
    const bad = await get(w.who.admin, getSectionDetail, { sectionId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'sectionId' });
    expect(
      (await get(w.who.unscoped, getSectionDetail, { sectionId: bioSection })).statusCode,
    ).toBe(403);
  });

  it('offers lookups inside the scope and 404s ids outside it', async () => {
    const divisions = (await get(w.who.submitter, getResearchDivisions, {})).json();
    expect(divisions).toHaveLength(1);
    const divisionId = ctx.fixture.catalog.divisionId;
    const terms = (await get(w.who.admin, getResearchTerms, { divisionId })).json();
    expect(terms.map((x: { termName: string }) => x.termName)).toEqual([
      'Fall 2026',
      'Spring 2026',
    ]);
    const departments = async (who: Caller) =>
      (await get(who, getResearchDepartments, { termId: w.springTermId }))
        .json()
        .map((d: { departmentCode: string }) => d.departmentCode);
    expect(await departments(w.who.admin)).toEqual(['BIO', 'CHEM']);
    expect(await departments(w.who.submitter)).toEqual(['BIO']);
    const courses = await get(w.who.admin, getResearchCourses, {
      departmentId: w.bio.departmentId,
    });
    expect(courses.json().map((c: { courseCode: string }) => c.courseCode)).toEqual(['101', '202']);
    const outside = await get(w.who.submitter, getResearchCourses, {
      departmentId: w.chem.departmentId,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ field: 'departmentId' });
    const otherStore = await get(w.who.storeB, getResearchTerms, { divisionId });
    expect(otherStore.statusCode).toBe(404);
    expect(otherStore.json()).toMatchObject({ field: 'divisionId' });
    const profs = (await get(w.who.admin, getResearchProfessors, { search: 'lov' })).json();
    expect(profs).toEqual([{ professorId: w.professors.ada, name: 'Lovelace, Ada' }]);
    const picked = (
      await get(w.who.admin, getResearchProfessors, { search: 'lov', professorId: w.professors.bo })
    ).json();
    expect(picked.map((p: { name: string }) => p.name)).toEqual(['Diddley, Bo', 'Lovelace, Ada']);
  });

  it("gives a student's materials for one section, ended or not, and 404s a section they are not in", async () => {
    const [student] = await ctx.db
      .select({ id: t.students.id })
      .from(t.students)
      .where(eq(t.students.studentIdNum, '5550'));
    await ctx.db
      .update(t.sections)
      .set({ startDate: '2020-01-01', endDate: '2020-05-01' })
      .where(eq(t.sections.id, bioSection));
    const one = await get(w.who.admin, getStudentRequiredMaterials, {
      customerId: student!.id,
      sectionId: bioSection,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().requiredMaterials.map((m: { isbn: string }) => m.isbn)).toEqual([
      '9780306406157',
    ]);
    const current = await get(w.who.admin, getStudentRequiredMaterials, {
      customerId: student!.id,
    });
    expect(current.json().requiredMaterials).toEqual([]);
    const notIn = await get(w.who.admin, getStudentRequiredMaterials, {
      customerId: student!.id,
      sectionId: chemSection,
    });
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json()).toMatchObject({ field: 'sectionId' });

    // Enrolled in chemistry too: the Biology-scoped submitter still gets the same 404 for it,
    // so the answer does not tell who is enrolled outside their scope.
    await ctx.db.insert(t.enrollments).values({
      studentId: student!.id,
      sectionId: chemSection,
      locationId: ctx.fixture.locations.a,
    });
    const asAdmin = await get(w.who.admin, getStudentRequiredMaterials, {
      customerId: student!.id,
      sectionId: chemSection,
    });
    expect(asAdmin.statusCode).toBe(200);
    const outOfScope = await get(w.who.submitter, getStudentRequiredMaterials, {
      customerId: student!.id,
      sectionId: chemSection,
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json()).toEqual(notIn.json());
    const inScope = await get(w.who.submitter, getStudentRequiredMaterials, {
      customerId: student!.id,
      sectionId: bioSection,
    });
    expect(inScope.statusCode).toBe(200);
  });
});
