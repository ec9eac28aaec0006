import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';
import { FIXTURE_HOSTS, loginAs } from './test-app.ts';
import { insertCatalog } from './test-fixture-catalog.ts';

/** A signed-in caller (the shape permissions-test-support's callAs takes). */
export interface Caller {
  accountId: number;
  token: string;
  host: string;
}

async function signIn(ctx: TestContext, userName: string, host: string = FIXTURE_HOSTS.a) {
  const session = await loginAs(ctx.app, host, userName);
  return { accountId: session.accountId, token: session.token, host };
}

/** How many sections the research world adds to the fixture's one (BIO 101 001). */
export const EXTRA_SECTIONS = 44;

export interface ResearchWorld {
  /** Every store A section id. */
  sectionIds: number[];
  bio: { departmentId: number; courseIds: number[] };
  chem: { departmentId: number; courseId: number };
  springTermId: number;
  professors: { ada: number; bo: number };
  /** Store B's own catalog: its sections (spread over 2026) and the ids of its filters. */
  storeB: { sectionIds: number[]; termId: number; courseId: number };
  who: Record<'admin' | 'submitter' | 'storeB' | 'unscoped', Caller>;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

/**
 * Store A's fixture catalog grown for the section list: a second BIO course and a CHEM
 * department, a spring term, 44 more sections with start dates spread over 2026 (some
 * repeated, so ties need the id), professors, and enrollments of varied sizes.
 */
export async function researchWorld(ctx: TestContext): Promise<ResearchWorld> {
  const { db } = ctx;
  const { locations, catalog, accounts } = ctx.fixture;
  const locationId = locations.a;
  const [spring] = await db
    .insert(t.terms)
    .values({
      locationId,
      divisionId: catalog.divisionId,
      name: 'Spring 2026 - Main',
      startDate: '2026-01-10',
      endDate: '2026-05-10',
    })
    .returning({ id: t.terms.id });
  const [chemDept] = await db
    .insert(t.departments)
    .values({ locationId, divisionId: catalog.divisionId, code: 'CHEM', name: 'Chemistry' })
    .returning({ id: t.departments.id });
  const courseRows = await db
    .insert(t.courses)
    .values([
      {
        locationId,
        divisionId: catalog.divisionId,
        departmentId: catalog.departmentId,
        code: '202',
        name: 'Cell Biology',
      },
      {
        locationId,
        divisionId: catalog.divisionId,
        departmentId: chemDept!.id,
        code: '110',
        name: 'General Chemistry',
      },
    ])
    .returning({ id: t.courses.id });
  const [cell, chem] = courseRows.map((r) => r.id) as [number, number];
  const courses = [catalog.courseId, cell, chem];
  const terms = [catalog.termId, spring!.id];
  const values = Array.from({ length: EXTRA_SECTIONS }, (_, i) => ({
    locationId,
    courseId: courses[i % 3]!,
    termId: terms[i % 2]!,
    code: String(100 + i).padStart(3, '0'),
    // Every start date twice: a sort on it needs the id to order ties.
    startDate: day(Math.floor(i / 2) * 7),
    endDate: day(Math.floor(i / 2) * 7 + 90),
  }));
  const inserted = await db.insert(t.sections).values(values).returning({ id: t.sections.id });
  const profs = await db
    .insert(t.professors)
    .values([
      { locationId, firstName: 'Ada', lastName: 'Lovelace' },
      { locationId, firstName: 'Bo', lastName: 'Diddley' },
    ])
    .returning({ id: t.professors.id });
  const [ada, bo] = profs.map((p) => p.id) as [number, number];
  await db
    .insert(t.sectionProfessors)
    .values(
      inserted.flatMap((s, i) =>
        i % 4 === 3 ? [] : [{ sectionId: s.id, professorId: i % 2 ? ada : bo }],
      ),
    );
  const students = await db
    .insert(t.students)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        locationId,
        studentIdNum: `7000${i}`,
        firstName: `First${i}`,
        lastName: `Last${5 - i}`,
        email: `s${i}@store-a.test`,
      })),
    )
    .returning({ id: t.students.id });
  await db
    .insert(t.enrollments)
    .values(
      inserted.flatMap((s, i) =>
        students.slice(0, i % 7).map((st) => ({ studentId: st.id, sectionId: s.id, locationId })),
      ),
    );
  const storeB = await storeBCatalog(ctx);
  return {
    sectionIds: [catalog.sectionId, ...inserted.map((s) => s.id)],
    bio: { departmentId: catalog.departmentId, courseIds: [catalog.courseId, cell] },
    chem: { departmentId: chemDept!.id, courseId: chem },
    springTermId: spring!.id,
    professors: { ada, bo },
    storeB,
    who: {
      admin: await signIn(ctx, accounts.admin.userName),
      submitter: await signIn(ctx, accounts.submitterDepartment.userName),
      storeB: await signIn(ctx, accounts.storeB.userName, 'store-b.test'),
      unscoped: await signIn(ctx, accounts.submitterUnscoped.userName),
    },
  };
}

/**
 * Sections in store B too, with start dates among store A's, so a query that leaked across
 * stores (an id filter or a cursor of store A) would find rows of both.
 */
async function storeBCatalog(ctx: TestContext): Promise<ResearchWorld['storeB']> {
  const { db } = ctx;
  const locationId = ctx.fixture.locations.b;
  const b = await insertCatalog(db, locationId, ctx.fixture.accounts.storeB.id);
  const more = await db
    .insert(t.sections)
    .values(
      [0, 70, 150].map((n, i) => ({
        locationId,
        courseId: b.courseId,
        termId: b.termId,
        code: `B0${i}`,
        startDate: day(n),
        endDate: day(n + 90),
      })),
    )
    .returning({ id: t.sections.id });
  return {
    sectionIds: [b.sectionId, ...more.map((s) => s.id)],
    termId: b.termId,
    courseId: b.courseId,
  };
}
