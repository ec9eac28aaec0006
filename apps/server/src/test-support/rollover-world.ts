import { eq } from 'drizzle-orm';
import type { MaterialKind } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { addAccount, addCatalog, signIn, type Caller } from './permissions-test-support.ts';

/** The server's today in the rollover suite: Fall 2026 is coming, Fall 2025 has ended. */
export const ROLLOVER_NOW = new Date('2026-07-15T12:00:00Z');

export interface RolloverWorld {
  fall25: number;
  spring26: number;
  /** Fall 2025's BIO 101 sections. */
  source: Record<'s001' | 's002' | 's004' | 's005', number>;
  /** Fall 2026's BIO 101 sections (001 is the fixture's). */
  target: Record<'s001' | 's002' | 's003' | 's005', number>;
  /** Fall 2025's adoptions: Cells on 001 and 002, Genes on 001, no text required on 005. */
  adoptions: Record<'cells' | 'genes' | 'ntr' | 'chem', number>;
  chem: { departmentId: number; target: number };
  otherDivisionId: number;
  who: Record<'cma' | 'cmaElsewhere' | 'instructor' | 'submitter', Caller>;
}

/**
 * The fixture's Main Campus with Fall 2025 (the source), Spring 2026 (another season, with an
 * adoption a Fall rollover must not take) and the fixture's Fall 2026 (the target). BIO 101:
 * 001 matched (enrollment 40 then 20), 002 matched but already adopted in Fall 2026, 003 new,
 * 004 gone, 005 matched with no text required. CHEM 200: 001 matched. Callers: a store-wide
 * CMA member, one of another division only, the fixture's instructor (teaches Fall 2026's 001
 * and 005) and the BIO submitter.
 */
export async function rolloverWorld(ctx: TestContext): Promise<RolloverWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const loc = locations.a;
  const term = async (name: string, startDate: string, endDate: string) => {
    const [row] = await db
      .insert(t.terms)
      .values({ locationId: loc, divisionId: catalog.divisionId, name, startDate, endDate })
      .returning({ id: t.terms.id });
    return row!.id;
  };
  const section = async (
    termId: number,
    code: string,
    start: string,
    est = 0,
    courseId = catalog.courseId,
  ) => {
    const [row] = await db
      .insert(t.sections)
      .values({
        locationId: loc,
        courseId,
        termId,
        code,
        startDate: start,
        endDate: start.slice(0, 4) + '-12-15',
        estimatedEnrollment: est,
      })
      .returning({ id: t.sections.id });
    return row!.id;
  };
  const title = async (ean13: string, description: string) => {
    const [row] = await db
      .insert(t.titles)
      .values({ locationId: loc, ean13, description, author: 'Test Author', edition: '3' })
      .returning({ id: t.titles.id });
    return row!.id;
  };
  const adopt = async (
    courseId: number,
    sections: number[],
    m: { titleId?: number; required?: boolean; ntr?: boolean; kind?: MaterialKind },
  ) => {
    const [a] = await db
      .insert(t.adoptionMaterials)
      .values({
        locationId: loc,
        courseId,
        titleId: m.titleId ?? null,
        adoptionType: 'SECTION_ADOPTION',
        startDate: '2025-08-25',
        required: m.required ?? true,
        noTextRequired: m.ntr ?? false,
        materialKind: m.kind ?? null,
        externalAdoptionNote: 'Bring the lab notebook.',
      })
      .returning({ id: t.adoptionMaterials.id });
    for (const sectionId of sections) {
      await db.insert(t.adoptionMaterialSections).values({ adoptionMaterialId: a!.id, sectionId });
    }
    return a!.id;
  };
  const fall25 = await term('Fall 2025 - Main', '2025-08-25', '2025-12-12');
  const spring26 = await term('Spring 2026 - Main', '2026-01-12', '2026-05-08');
  await db
    .update(t.sections)
    .set({ estimatedEnrollment: 20 })
    .where(eq(t.sections.id, catalog.sectionId));
  const source = {
    s001: await section(fall25, '001', '2025-08-25', 40),
    s002: await section(fall25, '002', '2025-08-25'),
    s004: await section(fall25, '004', '2025-08-25'),
    s005: await section(fall25, '005', '2025-08-25'),
  };
  const target = {
    s001: catalog.sectionId,
    s002: await section(catalog.termId, '002', '2026-08-24'),
    s003: await section(catalog.termId, '003', '2026-08-24'),
    s005: await section(catalog.termId, '005', '2026-08-31'),
  };
  await db
    .insert(t.sectionProfessors)
    .values({ sectionId: target.s005, professorId: catalog.professorId });
  const cells = await title('9780306406157', 'Cells and Their Parts');
  const genes = await title('9781861972712', 'Genes in Action');
  const springSection = await section(spring26, '001', '2026-01-12');
  await adopt(catalog.courseId, [springSection], { titleId: genes });
  const [chemDepartment] = await db
    .insert(t.departments)
    .values({ locationId: loc, divisionId: catalog.divisionId, code: 'CHEM', name: 'Chemistry' })
    .returning({ id: t.departments.id });
  const [chemCourse] = await db
    .insert(t.courses)
    .values({
      locationId: loc,
      divisionId: catalog.divisionId,
      departmentId: chemDepartment!.id,
      code: '200',
      name: 'Organic Chemistry',
    })
    .returning({ id: t.courses.id });
  const chemSource = await section(fall25, '001', '2025-08-25', 0, chemCourse!.id);
  const chemTarget = await section(catalog.termId, '001', '2026-08-24', 0, chemCourse!.id);
  const adoptions = {
    // The adopter chose the digital edition (issue 31): the proposal carries that choice.
    cells: await adopt(catalog.courseId, [source.s001, source.s002], {
      titleId: cells,
      kind: 'COMMERCIAL_DIGITAL',
    }),
    genes: await adopt(catalog.courseId, [source.s001], { titleId: genes, required: false }),
    ntr: await adopt(catalog.courseId, [source.s005], { ntr: true }),
    chem: await adopt(chemCourse!.id, [chemSource], { titleId: cells }),
  };
  await adopt(catalog.courseId, [source.s004], { titleId: genes });
  // Fall 2026's 002 already has its own adoption: the rollover leaves it alone.
  await adopt(catalog.courseId, [target.s002], { titleId: genes });
  const other = await addCatalog(db, loc, { divisionName: 'North Campus', departmentCode: 'ART' });
  await addAccount(db, loc, 'cma-all@store-a.test', [{ role: 'CMA_MEMBER' }]);
  await addAccount(db, loc, 'cma-north@store-a.test', [
    { role: 'CMA_MEMBER', divisionId: other.divisionId },
  ]);
  return {
    fall25,
    spring26,
    source,
    target,
    adoptions,
    chem: { departmentId: chemDepartment!.id, target: chemTarget },
    otherDivisionId: other.divisionId,
    who: {
      cma: await signIn(ctx, 'cma-all@store-a.test'),
      cmaElsewhere: await signIn(ctx, 'cma-north@store-a.test'),
      instructor: await signIn(ctx, accounts.instructor.userName),
      submitter: await signIn(ctx, accounts.submitterDepartment.userName),
    },
  };
}
