import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_NOT_FOUND,
  getCustomerOrderableItems,
  getInTransitRentals,
  getOutstandingRentals,
  getStudentDetails,
  getStudentRequiredMaterials,
  searchStudents,
  type Endpoint,
  type OrderableItem,
  type RequiredMaterial,
  type StudentSearchResult,
} from '@csp/contracts';
import { eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  studentScopeWorld,
  type StudentScopeWorld,
} from '../../../test-support/student-scope-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

/** What a caller reads of one student with a customerId query. */
const LOOKUPS: [string, Endpoint][] = [
  ['student/details', getStudentDetails],
  ['student/requiredMaterials', getStudentRequiredMaterials],
  ['customerOrderableItems', getCustomerOrderableItems],
  ['getOutStandingRentals', getOutstandingRentals],
  ['rental/transit', getInTransitRentals],
];

const NOT_FOUND = { message: CUSTOMER_NOT_FOUND, field: 'customerId' };

describe.each(engines)('students within the caller’s catalog scope (%s)', (engine) => {
  let ctx: TestContext;
  let w: StudentScopeWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await studentScopeWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const lookup = (who: Caller, contract: Endpoint, customerId: number) =>
    w.call(who, contract, { query: { customerId } });
  const search = async (who: Caller, studentSearch: string) => {
    const res = await w.call(who, searchStudents, { query: { studentSearch } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ students: StudentSearchResult[]; recordCount: number }>();
  };

  it.each(LOOKUPS)(
    '%s: the Biology submitter gets the 404 of another store’s student for a student with no Biology enrolment',
    async (_name, contract) => {
      const outOfScope = await lookup(w.scoped.submitter, contract, w.lara.id);
      const otherStore = await lookup(w.scoped.submitter, contract, w.students.storeB);
      expect(outOfScope.statusCode).toBe(404);
      expect(outOfScope.json()).toEqual(NOT_FOUND);
      expect(otherStore.json()).toEqual(outOfScope.json());
      // A student with no enrolment at all is outside every scope too.
      expect((await lookup(w.scoped.submitter, contract, w.students.sam)).json()).toEqual(
        NOT_FOUND,
      );
    },
  );

  it.each(LOOKUPS)(
    '%s: the Biology submitter sees a student enrolled in a Biology section; a store-wide clerk sees both',
    async (_name, contract) => {
      expect((await lookup(w.scoped.submitter, contract, w.students.alice)).statusCode).toBe(200);
      expect((await lookup(w.who.admin, contract, w.students.alice)).statusCode).toBe(200);
      expect((await lookup(w.who.admin, contract, w.lara.id)).statusCode).toBe(200);
    },
  );

  it('lists only the Biology sections’ materials to the Biology submitter, all of them to a store-wide clerk', async () => {
    const materials = async (who: Caller) =>
      (await lookup(who, getStudentRequiredMaterials, w.students.alice)).json<{
        requiredMaterials: RequiredMaterial[];
      }>().requiredMaterials;
    const sectionsOf = (rows: { sectionId: number }[]) =>
      [...new Set(rows.map((r) => r.sectionId))].sort((a, b) => a - b);
    const biology = [w.sections.s001, w.sections.s002].sort((a, b) => a - b);
    expect(sectionsOf(await materials(w.scoped.submitter))).toEqual(biology);
    expect(sectionsOf(await materials(w.who.admin))).toEqual(
      [...biology, w.sections.law, w.sections.art].sort((a, b) => a - b),
    );

    const orderable = async (who: Caller) =>
      (await lookup(who, getCustomerOrderableItems, w.students.alice)).json<{
        orderableItems: OrderableItem[];
      }>().orderableItems;
    expect((await orderable(w.scoped.submitter)).map((i) => i.title)).toEqual([
      'Biology Today',
      'Chemistry Basics',
    ]);
    expect((await orderable(w.who.admin)).map((i) => i.title)).toEqual([
      'Biology Today',
      'Chemistry Basics',
      'Contracts Casebook',
    ]);
  });

  it('hides students outside the scope from the search, and from its count', async () => {
    const anderson = await search(w.scoped.submitter, 'anderson');
    expect(anderson.students.map((s) => s.name)).toEqual(['Anderson, Alice']);
    expect(anderson.recordCount).toBe(1);
    expect(await search(w.scoped.submitter, 'lawson')).toEqual({ students: [], recordCount: 0 });
    expect(await search(w.scoped.submitter, w.lara.studentIdNum)).toEqual({
      students: [],
      recordCount: 0,
    });
    // The Pager students have no enrolment: none is shown, and none counted.
    expect(await search(w.scoped.submitter, 'pager')).toEqual({ students: [], recordCount: 0 });

    // Store-wide callers are unchanged.
    const all = await search(w.who.admin, 'anderson');
    expect(all.students.map((s) => s.name)).toEqual([
      'Anderson, Alice',
      'Anderson, Sam',
      'Jones, Anderson',
    ]);
    expect(all.recordCount).toBe(3);
    expect((await search(w.who.reporter, 'lawson')).recordCount).toBe(1);
    expect((await search(w.who.admin, 'pager')).recordCount).toBe(500);
  });

  it('a section the caller may view still opens the students enrolled in it (section research)', async () => {
    const res = await w.call(w.scoped.submitter, getStudentRequiredMaterials, {
      query: { customerId: w.students.alice, sectionId: w.sections.ended },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json<{ requiredMaterials: RequiredMaterial[] }>().requiredMaterials.map((m) => m.title),
    ).toEqual(['Last Term Reader']);
    // The law section is outside the scope: its student is not found, like any other.
    const law = await w.call(w.scoped.submitter, getStudentRequiredMaterials, {
      query: { customerId: w.lara.id, sectionId: w.sections.law },
    });
    expect(law.statusCode).toBe(404);
    expect(law.json()).toEqual(NOT_FOUND);
    // A Biology counter clerk (no VIEW_SECTION) opens a section the list shows them, alike.
    const clerk = await w.call(w.scoped.clerk, getStudentRequiredMaterials, {
      query: { customerId: w.students.alice, sectionId: w.sections.ended },
    });
    expect(clerk.statusCode, clerk.body).toBe(200);
  });

  it('an instructor whose role may look students up sees those of the sections they teach', async () => {
    // Roles map to actions as data: this store lets instructors view their sections.
    const [role] = await ctx.db.select().from(t.roles).where(eq(t.roles.name, 'INSTRUCTOR'));
    const [action] = await ctx.db
      .select()
      .from(t.actions)
      .where(eq(t.actions.name, 'VIEW_SECTION'));
    await ctx.db.insert(t.roleActions).values({ roleId: role!.id, actionId: action!.id });
    // The fixture's instructor teaches section 001 of BIO 101 (Alice's), not 002.
    const instructor = w.who.instructor;
    expect((await lookup(instructor, getStudentDetails, w.lara.id)).json()).toEqual(NOT_FOUND);
    const materials = await lookup(instructor, getStudentRequiredMaterials, w.students.alice);
    expect(materials.statusCode).toBe(200);
    const sections = materials
      .json<{ requiredMaterials: RequiredMaterial[] }>()
      .requiredMaterials.map((m) => m.sectionId);
    expect([...new Set(sections)]).toEqual([w.sections.s001]);
    expect((await search(instructor, 'anderson')).students.map((s) => s.name)).toEqual([
      'Anderson, Alice',
    ]);
  });
});
