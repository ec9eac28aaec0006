import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  applyRollover,
  confirmRolloverProposals,
  exportUnconfirmedRollovers,
  getMyCourses,
  getRolloverChoices,
  getRolloverPreview,
  getUnconfirmedRollovers,
  modifyAdoption,
  type MyCourse,
  type RolloverPreview,
  type UnconfirmedProposal,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { callAs, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  ROLLOVER_NOW,
  rolloverWorld,
  type RolloverWorld,
} from '../../../test-support/rollover-world.ts';

const engines = await testEngines();

describe.each(engines)('Rollover by the store (%s)', (engine) => {
  let ctx: TestContext;
  let w: RolloverWorld;
  const scope = (extra: Record<string, number> = {}) => ({
    divisionId: ctx.fixture.catalog.divisionId,
    targetTermId: ctx.fixture.catalog.termId,
    ...extra,
  });
  const bio = (extra: Record<string, number> = {}) =>
    scope({ departmentId: ctx.fixture.catalog.departmentId, ...extra });
  const preview = async (query: Record<string, number>, who: Caller = w.who.cma) => {
    const res = await callAs(ctx, who, getRolloverPreview, { query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RolloverPreview;
  };
  const apply = (body: Record<string, number>, who: Caller = w.who.cma) =>
    callAs(ctx, who, applyRollover, { body });
  const unconfirmed = async (query: Record<string, number> = {}) => {
    const res = await callAs(ctx, w.who.cma, getUnconfirmedRollovers, { query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { proposals: UnconfirmedProposal[]; recordCount: number };
  };
  const myBio = async () => {
    const res = await callAs(ctx, w.who.instructor, getMyCourses);
    expect(res.statusCode, res.body).toBe(200);
    const courses = (res.json() as { courses: MyCourse[] }).courses;
    return courses.find((c) => c.courseCode === '101')!;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => ROLLOVER_NOW });
    w = await rolloverWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  it('offers the divisions the caller runs, with their terms and departments', async () => {
    const res = await callAs(ctx, w.who.cmaElsewhere, getRolloverChoices);
    expect(res.statusCode, res.body).toBe(200);
    const { divisions } = res.json() as { divisions: { divisionName: string }[] };
    expect(divisions.map((d) => d.divisionName)).toEqual(['North Campus']);
    const all = (await callAs(ctx, w.who.cma, getRolloverChoices)).json() as {
      divisions: { divisionName: string; terms: { termName: string }[] }[];
    };
    const main = all.divisions.find((d) => d.divisionName === 'Main Campus')!;
    expect(main.terms.map((x) => x.termName)).toEqual([
      'Fall 2026 - Main',
      'Spring 2026 - Main',
      'Fall 2025 - Main',
    ]);
  });

  it('matches by course and section code from the last Fall, listing the unmatched both ways', async () => {
    const p = await preview(bio());
    expect(p.sourceTerm?.termName).toBe('Fall 2025 - Main');
    expect(p.sections.map((s) => [s.sectionCode, s.state])).toEqual([
      ['001', 'CARRY'],
      ['002', 'ALREADY_ADOPTED'],
      ['003', 'NEW_SECTION'],
      ['004', 'SECTION_GONE'],
      ['005', 'CARRY'],
    ]);
    const [s001] = p.sections;
    expect(s001!.sourceSectionId).toBe(w.source.s001);
    expect(s001!.targetSectionId).toBe(w.target.s001);
    expect(s001!.materials.map((m) => [m.title, m.isbn, m.required])).toEqual([
      ['Cells and Their Parts', '978-0-306-40615-7', true],
      ['Genes in Action', '978-1-86197-271-2', false],
    ]);
    expect(s001!.changes).toEqual([
      { kind: 'ENROLLMENT_CHANGE', message: 'Enrollment down 50% (40 to 20).' },
    ]);
    expect(p.sections[2]!.changes[0]!.kind).toBe('NEW_SECTION');
    expect(p.sections[3]!.changes[0]!.kind).toBe('SECTION_GONE');
    expect(p.sections[4]!.materials[0]).toMatchObject({ noTextRequired: true, isbn: null });
    expect(p.totals).toEqual({
      toCarry: 2,
      alreadyAdopted: 1,
      nothingToCarry: 0,
      sectionGone: 1,
      newSection: 1,
      proposals: 3,
    });
    // The whole division adds CHEM 200.
    expect((await preview(scope())).totals.proposals).toBe(4);
  });

  it('carries from a chosen earlier term, refuses one not before the target, and an ended target', async () => {
    const ended = await apply({ ...bio(), targetTermId: w.spring26, sourceTermId: w.fall25 });
    expect(ended.statusCode).toBe(400);
    expect(ended.json()).toMatchObject({ field: 'targetTermId' });
    const p = await preview(bio({ sourceTermId: w.spring26 }));
    expect(p.sections.find((s) => s.sectionCode === '001')!.materials.map((m) => m.title)).toEqual([
      'Genes in Action',
    ]);
    const res = await callAs(ctx, w.who.cma, getRolloverPreview, {
      query: bio({ sourceTermId: ctx.fixture.catalog.termId }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sourceTermId' });
  });

  it('refuses a division outside the caller’s scope, and callers without the action', async () => {
    const res = await callAs(ctx, w.who.cmaElsewhere, getRolloverPreview, { query: bio() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'divisionId' });
    const applied = await apply(bio(), w.who.cmaElsewhere);
    expect(applied.statusCode).toBe(404);
    expect((await apply(bio(), w.who.instructor)).statusCode).toBe(403);
    const wrongDepartment = await callAs(ctx, w.who.cma, getRolloverPreview, {
      query: scope({ departmentId: 999_999 }),
    });
    expect(wrongDepartment.json()).toMatchObject({ field: 'departmentId' });
  });

  it('applies one proposal per carried adoption on its matched sections; twice creates nothing', async () => {
    const res = await apply(bio());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3, sections: 2, alreadyAdopted: 1 });
    const made = await ctx.db
      .select()
      .from(t.adoptionMaterials)
      .where(eq(t.adoptionMaterials.source, 'ROLLOVER'));
    expect(made).toHaveLength(3);
    const cells = made.find((m) => m.rolledFromId === w.adoptions.cells)!;
    expect(cells).toMatchObject({
      rolloverTermId: ctx.fixture.catalog.termId,
      required: true,
      externalAdoptionNote: 'Bring the lab notebook.',
      materialKind: 'COMMERCIAL_DIGITAL',
      startDate: '2026-08-24',
      confirmedAt: null,
    });
    const links = await ctx.db
      .select()
      .from(t.adoptionMaterialSections)
      .where(
        inArray(
          t.adoptionMaterialSections.adoptionMaterialId,
          made.map((m) => m.id),
        ),
      );
    // Cells covered 001 and 002 last Fall: only 001 now, 002 has its own adoption.
    expect(links.filter((l) => l.adoptionMaterialId === cells.id).map((l) => l.sectionId)).toEqual([
      w.target.s001,
    ]);
    const history = await ctx.db
      .select()
      .from(t.adoptionActivity)
      .where(eq(t.adoptionActivity.adoptionMaterialId, cells.id));
    expect(history.map((h) => h.action)).toEqual(['ROLLED_OVER']);
    // The proposals cover their sections like any adoption (the kept section facts).
    const [facts] = await ctx.db
      .select({ listingCount: t.sections.listingCount })
      .from(t.sections)
      .where(eq(t.sections.id, w.target.s005));
    expect(facts!.listingCount).toBe(1);
    const again = await apply(bio());
    expect(again.json()).toMatchObject({ created: 0, sections: 0, alreadyAdopted: 3 });
    expect((await preview(bio())).totals.proposals).toBe(0);
  });

  it('creates nothing twice under two applies at once', async () => {
    const answers = await Promise.all([apply(scope()), apply(scope())]);
    const created = answers.map((r) => (r.json() as { created: number }).created);
    expect(created.sort()).toEqual([0, 1]);
    const chem = await ctx.db
      .select()
      .from(t.adoptionMaterials)
      .where(eq(t.adoptionMaterials.rolledFromId, w.adoptions.chem));
    expect(chem).toHaveLength(1);
  });

  it('lists the instructor’s proposals on My courses, and confirms only their own', async () => {
    const bioCourse = await myBio();
    expect(
      bioCourse.proposals.map((p) => [p.material.title, p.sectionCodes, p.fromTermName]),
    ).toEqual([
      ['Cells and Their Parts', ['001'], 'Fall 2025'],
      ['Genes in Action', ['001'], 'Fall 2025'],
      ['No text required', ['005'], 'Fall 2025'],
    ]);
    const before = await unconfirmed();
    expect(before.recordCount).toBe(4);
    const chemProposal = before.proposals.find((p) => p.departmentCode === 'CHEM')!;
    const refused = await callAs(ctx, w.who.instructor, confirmRolloverProposals, {
      body: { adoptionMaterialIds: [chemProposal.adoptionMaterialId] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'adoptionMaterialIds' });
    const cellsId = bioCourse.proposals[0]!.adoptionMaterialId;
    for (let n = 0; n < 2; n++) {
      const ok = await callAs(ctx, w.who.instructor, confirmRolloverProposals, {
        body: { adoptionMaterialIds: [cellsId] },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const confirmedRows = await ctx.db
      .select()
      .from(t.adoptionActivity)
      .where(eq(t.adoptionActivity.adoptionMaterialId, cellsId));
    expect(confirmedRows.map((h) => h.action)).toEqual(['ROLLED_OVER', 'ROLLOVER_CONFIRMED']);
    expect((await myBio()).proposals).toHaveLength(2);
    const after = await unconfirmed({ targetTermId: ctx.fixture.catalog.termId });
    expect(after.recordCount).toBe(3);
    expect(after.proposals.map((p) => `${p.departmentCode} ${p.material.title}`)).toEqual([
      'BIO Genes in Action',
      'BIO No text required',
      'CHEM Cells and Their Parts',
    ]);
    expect(after.proposals[0]!.sections).toEqual([
      { sectionCode: '001', instructors: ['Ida Instructor'] },
    ]);
    const bioOnly = await unconfirmed({
      departmentId: ctx.fixture.catalog.departmentId,
      pageSize: 1,
    });
    expect(bioOnly).toMatchObject({ recordCount: 2 });
    expect(bioOnly.proposals).toHaveLength(1);
  });

  it('counts a proposal changed on the course page as answered', async () => {
    const [genes] = (await unconfirmed({ departmentId: ctx.fixture.catalog.departmentId }))
      .proposals;
    expect(genes!.material.title).toBe('Genes in Action');
    const res = await callAs(ctx, w.who.instructor, modifyAdoption, {
      body: { adoptionMaterial: { adoptionMaterialId: genes!.adoptionMaterialId, required: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await unconfirmed({ departmentId: ctx.fixture.catalog.departmentId });
    expect(after.proposals.map((p) => p.material.title)).toEqual(['No text required']);
  });

  it('exports the unconfirmed proposals as CSV', async () => {
    const res = await callAs(ctx, w.who.cma, exportUnconfirmedRollovers, {
      query: { divisionId: ctx.fixture.catalog.divisionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Term,Division,Department,Course,Course name,Sections,Instructors,Title,ISBN,Author,Edition,Required,Changes,Proposed at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      'Fall 2026,Main Campus,BIO,101,Intro Biology,005,Ida Instructor,No text required,,,,,,',
    );
    expect(lines[2]).toContain(
      'Fall 2026,Main Campus,CHEM,200,Organic Chemistry,001,,Cells and Their Parts,978-0-306-40615-7,Test Author,3,Required',
    );
    const elsewhere = await callAs(ctx, w.who.cmaElsewhere, exportUnconfirmedRollovers);
    expect(
      elsewhere.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('neither counts nor writes again an adoption already carried (its proposal withdrawn)', async () => {
    const { adoptionMaterials: am } = t;
    const proposal = and(eq(am.rolledFromId, w.adoptions.ntr), eq(am.source, 'ROLLOVER'));
    await ctx.db.update(am).set({ active: false }).where(proposal);
    const p = await preview(bio());
    expect(p.sections.find((s) => s.sectionCode === '005')!.state).toBe('CARRY');
    expect(p.totals.proposals).toBe(0);
    const res = await apply(bio());
    expect(res.json()).toMatchObject({ created: 0, alreadyProposed: 1 });
  });
});
