import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, getAdoptionMaterials, type AdoptionMaterialDTO } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  issuesOf,
  removeWaitingUploads,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const KEPT = sql`select id, required_cost_low_cents as low, required_cost_high_cents as high,
    cost_designation as designation, cost_reason as reason
  from sections order by id`;
const FRESH = sql`select section_id as id, low_cents as low, high_cents as high, designation, reason
  from section_cost(array(select id from sections)) order by section_id`;

const HEADER = 'division,term,department,course,section,isbn,title,requirement,material_kind';
const row = (isbn: string, title: string, kind: string, section = '001') =>
  `Main Campus,Fall 2026,BIO,101,${section},${isbn},${title},required,${kind}`;

/** Issue 31: the adoption history's optional material kind column, per adopted material. */
describe.each(engines)('adoption history: material kinds (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const input = (file: string) => ({ formatId: 'adoption-history', fileName: 'kinds.csv', file });
  const imported = async () => {
    const res = await ctx.app.inject({
      url: fillPath(getAdoptionMaterials.path, {
        userAccountId: admin.accountId,
        divisionId: ctx.fixture.catalog.divisionId,
        departmentCode: 'BIO',
        courseCode: '101',
      }),
      headers: authHeaders(admin.host, admin.token),
    });
    const list = res.json<{ adoptionMaterials: AdoptionMaterialDTO[] }>().adoptionMaterials;
    return new Map(
      list.map((a) => [a.title?.ean13 ?? a.proposedTitle?.description ?? '', a.materialKind]),
    );
  };
  const storedKinds = async () =>
    new Map(
      (
        await ctx.db
          .select({ ean13: t.titles.ean13, kind: t.adoptionMaterials.materialKind })
          .from(t.adoptionMaterials)
          .leftJoin(t.titles, eq(t.titles.id, t.adoptionMaterials.titleId))
      ).map((r) => [r.ean13 ?? 'proposed', r.kind]),
    );

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    const { locations } = ctx.fixture;
    await ctx.db.insert(t.titles).values([
      { locationId: locations.a, ean13: '9780070006577', description: 'Complex Analysis' },
      {
        locationId: locations.a,
        ean13: '9783961100637',
        description: 'A grammar of Pichi',
        materialKind: 'OER',
        licence: 'CC BY 4.0',
        accessUrl: 'https://langsci-press.org/catalog/book/17',
      },
    ]);
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('refuses a kind it does not know and rows of one adoption that disagree, naming the column', async () => {
    const file = [
      HEADER,
      row('9780070006577', '', 'paperback'),
      row('9780393979503', 'The Norton Anthology', 'IA'),
      row('9780393979503', 'The Norton Anthology', 'open', ''),
    ].join('\n');
    const checked = await uploadChecked(ctx, admin, input(file));
    const issues = (await issuesOf(ctx, admin, checked.importId)).body.issues.map((i) => [
      i.rowNumber,
      i.column,
      i.message,
    ]);
    expect(issues).toEqual(
      expect.arrayContaining([
        [
          2,
          'material_kind',
          'is not a material kind (write print, digital, inclusive access (IA), OER (open), library, free)',
        ],
        [4, 'material_kind', 'differs from an earlier row of the same adoption'],
      ]),
    );
    await removeWaitingUploads(ctx);
  });

  it("stores a kind only when it is not the title's, and keeps it when a file has none", async () => {
    const file = [
      HEADER,
      row('9780070006577', '', 'Inclusive Access'),
      row('9783961100637', '', 'oer'),
      row('', 'Course reader', 'FREE'),
    ].join('\n');
    const checked = await uploadChecked(ctx, admin, input(file));
    expect(entity(checked, 'adoptions')).toEqual({ added: 3, updated: 0, unchanged: 0 });
    await applied(ctx, admin, checked.importId);
    expect(await imported()).toEqual(
      new Map([
        ['9780070006577', 'INCLUSIVE_ACCESS'],
        ['9783961100637', 'OER'],
        ['Course reader', 'FREE'],
      ]),
    );
    // The OER title's own kind is not stored on its adoption: it follows the title.
    expect(await storedKinds()).toEqual(
      new Map([
        ['9780070006577', 'INCLUSIVE_ACCESS'],
        ['9783961100637', null],
        ['proposed', 'FREE'],
      ]),
    );
    // The same file without the column changes nothing; with another kind, the adoption.
    const without = file
      .split('\n')
      .map((line) => line.slice(0, line.lastIndexOf(',')))
      .join('\n');
    const again = await uploadChecked(ctx, admin, input(without));
    expect(entity(again, 'adoptions')).toEqual({ added: 0, updated: 0, unchanged: 3 });
    await removeWaitingUploads(ctx);
    const changed = await uploadChecked(
      ctx,
      admin,
      input(file.replace('Inclusive Access', 'print')),
    );
    expect(entity(changed, 'adoptions')).toEqual({ added: 0, updated: 1, unchanged: 2 });
    await applied(ctx, admin, changed.importId);
    expect((await imported()).get('9780070006577')).toBe('COMMERCIAL_PRINT');
    expect((await storedKinds()).get('9780070006577')).toBeNull();
    // The import deferred the section facts: its refresh left every section's cost as the rules
    // make it (the FREE reader and the OER cost nothing, the print title has no price).
    expect(await queryRows(ctx.db, KEPT)).toEqual(await queryRows(ctx.db, FRESH));
    const [section] = await queryRows<{ designation: string; reason: string }>(
      ctx.db,
      sql`select s.cost_designation as designation, s.cost_reason as reason from sections s
        join adoption_material_sections ams on ams.section_id = s.id limit 1`,
    );
    expect(section).toEqual({ designation: 'NONE', reason: 'No price for Complex Analysis' });
  });
});
