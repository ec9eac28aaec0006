import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveMaterialKind, MATERIAL_KINDS, type MaterialKind } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { EFFECTIVE_KIND_SQL } from './ia-material-sql.ts';

const engines = await testEngines();

/** Lower case, single spaces, the adoption under one alias: two spellings of one expression. */
const normalized = (expression: string, adoptionAlias: string) =>
  expression
    .replaceAll(`${adoptionAlias}.`, 'adoption.')
    .replace(/\s+/g, ' ')
    .replace(/\(\s/g, '(')
    .trim()
    .toLowerCase();

// The material kind rule has a TypeScript copy (effectiveMaterialKind, for the screens) and SQL
// copies: migration 0039's section_cost (prices; section-costs.test.ts holds it to the
// TypeScript) and EFFECTIVE_KIND_SQL (which adoptions a program may price). No SQL function
// holds the rule alone, so these tests hold the programs' copy to both others.
describe.each(engines)("the programs' material kind rule (%s)", (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('picks the same kind as effectiveMaterialKind for every combination', async () => {
    const kinds = sql.raw(`array[${MATERIAL_KINDS.map((k) => `'${k}'`).join(', ')}, null]::text[]`);
    const rows = await queryRows<{
      own: MaterialKind | null;
      ia: boolean;
      title: MaterialKind | null;
      kind: string;
    }>(
      ctx.db,
      sql`select am.material_kind as own, am.ia, ti.material_kind as title,
          ${EFFECTIVE_KIND_SQL} as kind
        from unnest(${kinds}) as own(material_kind)
          cross join (values (true), (false)) as answer(ia)
          cross join lateral (select own.material_kind, answer.ia) am
          cross join unnest(${kinds}) as ti(material_kind)`,
    );
    expect(rows).toHaveLength((MATERIAL_KINDS.length + 1) ** 2 * 2);
    const expected = rows.map((r) => ({ ...r, kind: effectiveMaterialKind(r.own, r.ia, r.title) }));
    expect(rows).toEqual(expected);
  });

  it("is section_cost's kind expression, written over the programs' aliases", async () => {
    const [fn] = await queryRows<{ source: string }>(
      ctx.db,
      sql`select prosrc as source from pg_proc where proname = 'section_cost'`,
    );
    const installed = /SELECT\s+(coalesce\(a\.material_kind,[\s\S]*?)\s+AS kind\b/.exec(
      fn?.source ?? '',
    )?.[1];
    expect(installed, "section_cost's kind expression").toBeDefined();
    const programs = new PgDialect().sqlToQuery(EFFECTIVE_KIND_SQL).sql;
    expect(normalized(programs, 'am')).toBe(normalized(installed!, 'a'));
  });
});
