import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getTextbookDepartment,
  getTextbookTerm,
  type CostDesignation,
  type TextbookCourse,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import * as t from '../../../db/schema/index.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  TEXTBOOK_NOW,
  textbookWorld,
  type TextbookWorld,
} from '../../../test-support/textbook-world.ts';

const engines = await testEngines();

interface KeptRow {
  id: number;
  designation: CostDesignation;
  low: number | null;
  high: number | null;
}

// Issue 31 point 3: the public list shows each section's cost marks as the schedule feed does.
describe.each(engines)("the textbook list's cost designations (%s)", (engine) => {
  let ctx: TestContext;
  let w: TextbookWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => TEXTBOOK_NOW });
    w = await textbookWorld(ctx.db, ctx.fixture);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, query: Record<string, number>, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      url,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: { host: FIXTURE_HOSTS.a, ...headers },
    });
  const department = () => get(getTextbookDepartment.path, { termId: w.fall, departmentId: w.bio });
  const sections = async () => {
    const res = await department();
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ courses: TextbookCourse[] }>().courses.flatMap((c) => c.sections);
  };
  /** The kept columns, read here straight from the table. */
  const kept = async (id: number) => {
    const [row] = await queryRows<KeptRow>(
      ctx.db,
      sql`select id, designation, required_cost_low_cents as low,
          required_cost_high_cents as high
        from sections where id = ${id}`,
    );
    return {
      designation: row!.designation,
      requiredCostLowCents: row!.low === null ? null : Number(row!.low),
      requiredCostHighCents: row!.high === null ? null : Number(row!.high),
    };
  };

  it("answers each section's kept designation and required cost range", async () => {
    const listed = await sections();
    expect(listed).toHaveLength(5);
    for (const s of listed) {
      expect(s, s.sectionCode).toMatchObject(await kept(s.sectionId));
    }
    const byCode = Object.fromEntries(listed.map((s) => [s.sectionCode, s]));
    // No text required costs nothing; a required title without a price: unknown, no mark.
    expect(byCode['002']).toMatchObject({
      designation: 'ZTC',
      requiredCostLowCents: 0,
      requiredCostHighCents: 0,
    });
    expect(byCode['004']).toMatchObject({
      designation: 'NONE',
      requiredCostLowCents: null,
      requiredCostHighCents: null,
    });
  });

  it("answers the store's threshold with the term, and a new ETag when it changes", async () => {
    const before = await get(getTextbookTerm.path, { termId: w.fall });
    expect(before.json()).toMatchObject({ ltcThresholdCents: 4000 });
    await ctx.db
      .update(t.locations)
      .set({ ltcThresholdCents: 5000 })
      .where(eq(t.locations.id, ctx.fixture.locations.a));
    const after = await get(
      getTextbookTerm.path,
      { termId: w.fall },
      { 'if-none-match': String(before.headers.etag) },
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ ltcThresholdCents: 5000 });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("changes the department's ETag when a section's designation changes", async () => {
    const before = await department();
    const etag = String(before.headers.etag);
    expect((await department()).headers.etag).toBe(etag);
    const s001 = ctx.fixture.catalog.sectionId;
    await ctx.db
      .update(t.sections)
      .set({ designationOverride: 'LTC' })
      .where(eq(t.sections.id, s001));
    const after = await get(
      getTextbookDepartment.path,
      { termId: w.fall, departmentId: w.bio },
      { 'if-none-match': etag },
    );
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const s = (await sections()).find((x) => x.sectionId === s001);
    expect(s?.designation).toBe('LTC');
  });
});
