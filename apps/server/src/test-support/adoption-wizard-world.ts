import { eq } from 'drizzle-orm';
import { addDays, type Endpoint } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { callAs, signIn, type Caller } from './permissions-test-support.ts';
import { isoDay } from '../modules/adoption/course-detail/sections.ts';

/**
 * The wizard suites run on the real clock (session tokens are checked against it), with
 * sections dated from today: 001 and 002 under way, 003 past the 200-day horizon but within
 * 360 days, 004 past 360.
 */
export const TODAY = isoDay(new Date());
export const day = (offset: number) => addDays(TODAY, offset);

/** The wizard's answers for a new adoption: required, 40 students a section, from today. */
export const CREATE_ANSWERS = {
  required: true,
  bindInComponentRequired: false,
  printOnlyRequired: false,
  flexibleOnEdition: true,
  ia: false,
  estimatedSectionEnrollment: 40,
  externalAdoptionNote: '',
  startDate: TODAY,
  expirationDate: null,
};

export interface WizardWorld {
  sections: Record<'s001' | 's002' | 's003' | 's004', number>;
  /** Another section of BIO 101 starting `startOffset` days from today. */
  addSection: (code: string, startOffset: number) => Promise<number>;
  titles: { cells: number; genes: number; storeB: number };
  proposedTypeId: number;
  who: Record<'admin' | 'submitter' | 'instructor' | 'storeB', Caller>;
  call: (
    who: Caller,
    contract: Endpoint,
    input?: Parameters<typeof callAs>[3],
  ) => ReturnType<typeof callAs>;
  catalog: { divisionId: number; departmentCode: string; courseCode: string };
}

/**
 * BIO 101 of store A (the fixture) with four sections: 001 (the instructor's, under way), 002
 * (under way, someone else's), 003 (starts in 2027, past the 200-day horizon but within 360)
 * and 004 (past 360 days); two store titles, a store B title, and callers.
 */
export async function wizardWorld(ctx: TestContext): Promise<WizardWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const section = async (code: string, startDate: string, endDate: string) => {
    const [row] = await db
      .insert(t.sections)
      .values({
        locationId: locations.a,
        courseId: catalog.courseId,
        termId: catalog.termId,
        code,
        startDate,
        endDate,
      })
      .returning({ id: t.sections.id });
    return row?.id ?? 0;
  };
  const title = async (locationId: number, ean13: string, description: string) => {
    const [row] = await db
      .insert(t.titles)
      .values({ locationId, ean13, description, author: 'Test Author' })
      .returning({ id: t.titles.id });
    return row?.id ?? 0;
  };
  await db
    .update(t.sections)
    .set({ startDate: day(-7), endDate: day(100) })
    .where(eq(t.sections.id, catalog.sectionId));
  const sections = {
    s001: catalog.sectionId,
    s002: await section('002', day(-1), day(100)),
    s003: await section('003', day(250), day(350)),
    s004: await section('004', day(370), day(450)),
  };
  const titles = {
    cells: await title(locations.a, '9780306406157', 'Cells and Their Parts'),
    genes: await title(locations.a, '9781861972712', 'Genes in Action'),
    storeB: await title(locations.b, '9780131103627', 'Store B Book'),
  };
  const [type] = await db.select({ id: t.proposedProductTypes.id }).from(t.proposedProductTypes);
  await db
    .update(t.locations)
    .set({ courseMaterialsEmail: 'textbooks@store-a.test' })
    .where(eq(t.locations.id, locations.a));
  return {
    addSection: (code: string, startOffset: number) => section(code, day(startOffset), day(100)),
    sections,
    titles,
    proposedTypeId: type?.id ?? 0,
    who: {
      admin: await signIn(ctx, accounts.admin.userName),
      submitter: await signIn(ctx, accounts.submitterDepartment.userName),
      instructor: await signIn(ctx, accounts.instructor.userName),
      storeB: await signIn(ctx, accounts.storeB.userName, 'store-b.test'),
    },
    call: (who, contract, input) => callAs(ctx, who, contract, input),
    catalog: { divisionId: catalog.divisionId, departmentCode: 'BIO', courseCode: '101' },
  };
}
