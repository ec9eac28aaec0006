import { sql } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import { costWorld } from './cost-world.ts';
import { insertCatalog } from './test-fixture-catalog.ts';
import { signIn, type Caller } from './permissions-test-support.ts';
import { FIXTURE_HOSTS, type TestContext } from './test-app.ts';

/**
 * Store A's fixture (Fall 2026, BIO 101 001 with no adoption) grown for the cost report:
 * - Fall 2026, BIO: 001 (no adoption: NONE, cost unknown), an OER section (ZTC, $0), a $30
 *   section (LTC), a $90 one (NONE), a $90 one the store overrode to ZTC; CHEM: a $20 section
 *   (LTC), outside the department-scoped submitter's scope.
 * - Fall 2025 (a day off a year before), BIO: an OER section (ZTC) and an $80 one (NONE).
 * - Decoys the year-before rule must pass over: Summer 2025 of the division (84 days off) and a
 *   store B term starting exactly a year before; Spring 2026 with only a CHEM section.
 */
export async function costReportWorld(ctx: TestContext) {
  const w = costWorld(ctx);
  const { catalog, locations, accounts } = ctx.fixture;
  const bio = catalog.courseId;
  const storeB = await insertCatalog(ctx.db, locations.b, accounts.storeB.id);
  const term = async (name: string, startDate: string, b = false) => {
    const [row] = await ctx.db
      .insert(t.terms)
      .values({
        locationId: b ? locations.b : w.locationId,
        divisionId: b ? storeB.divisionId : catalog.divisionId,
        name,
        startDate,
        endDate: startDate,
      })
      .returning({ id: t.terms.id });
    return row!.id;
  };
  const fall2025 = await term('Fall 2025 - Main', '2025-08-25');
  await term('Summer 2025 - Main', '2025-06-01');
  const spring2026 = await term('Spring 2026 - Main', '2026-01-12');
  // Store B's term a year before its Fall 2026, with a section, a day nearer than store A's.
  const storeBTerm = await term('Fall 2025 - B', '2025-08-24', true);
  await ctx.db.insert(t.sections).values({
    locationId: locations.b,
    courseId: storeB.courseId,
    termId: storeBTerm,
    code: '001',
    startDate: '2025-08-24',
    endDate: '2025-12-18',
  });

  const [chemDept] = await ctx.db
    .insert(t.departments)
    .values({
      locationId: w.locationId,
      divisionId: catalog.divisionId,
      code: 'CHEM',
      name: 'Chemistry',
    })
    .returning({ id: t.departments.id });
  const [chemCourse] = await ctx.db
    .insert(t.courses)
    .values({
      locationId: w.locationId,
      divisionId: catalog.divisionId,
      departmentId: chemDept!.id,
      code: '110',
      name: 'General Chemistry',
    })
    .returning({ id: t.courses.id });
  const chem = chemCourse!.id;

  const oer = await w.title('Open Biology', { kind: 'OER' });
  const priced = (cents: number) => w.title(`Book ${cents}`, { list: cents });
  const adoptedSection = async (courseId: number, titleId: number, termId?: number) => {
    const id = await w.section(courseId);
    if (termId !== undefined)
      await ctx.db.execute(sql`update sections set term_id = ${termId} where id = ${id}`);
    await w.adopt({ courseId, sectionIds: [id], titleId });
    return id;
  };
  await adoptedSection(bio, oer);
  await adoptedSection(bio, await priced(3000));
  await adoptedSection(bio, await priced(9000));
  const overridden = await adoptedSection(bio, await priced(9000));
  await ctx.db.execute(
    sql`update sections set designation_override = 'ZTC' where id = ${overridden}`,
  );
  await adoptedSection(chem, await priced(2000));
  await adoptedSection(bio, oer, fall2025);
  await adoptedSection(bio, await priced(8000), fall2025);
  await adoptedSection(chem, await priced(2500), spring2026);

  const who: Record<'admin' | 'submitter' | 'storeB', Caller> = {
    admin: await signIn(ctx, accounts.admin.userName),
    submitter: await signIn(ctx, accounts.submitterDepartment.userName),
    storeB: await signIn(ctx, accounts.storeB.userName, FIXTURE_HOSTS.b),
  };
  return {
    fall2026: catalog.termId,
    fall2025,
    spring2026,
    storeB: { fall2026: storeB.termId, fall2025: storeBTerm },
    departments: { bio: catalog.departmentId, chem: chemDept!.id },
    overridden,
    who,
  };
}

export type CostReportWorld = Awaited<ReturnType<typeof costReportWorld>>;
