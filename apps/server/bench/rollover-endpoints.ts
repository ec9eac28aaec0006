import type { FastifyInstance } from 'fastify';
import {
  fillPath,
  applyRollover,
  getRolloverChoices,
  getRolloverPreview,
  getUnconfirmedRollovers,
  type RolloverDivision,
} from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/bulk-write.ts';
import type { Db } from '../src/db/client.ts';
import { LARGE_ADMIN, LARGE_PASSWORD } from '../src/db/seed/large-store.ts';
import { expectOk } from './expect-ok.ts';
import { LARGE_HOST, signIn, type BenchEndpoint } from './endpoints.ts';

type Caller = { token: string; accountId: number };

/** The large store's division with the most departments, and its biggest department. */
async function largestScope(
  app: FastifyInstance,
  db: Db,
  who: Caller,
): Promise<{ division: RolloverDivision; departmentId: number; sections: number }> {
  const res = await app.inject({
    method: 'GET',
    url: fillPath(getRolloverChoices.path, { userAccountId: who.accountId }),
    headers: { host: LARGE_HOST, 'auth-token': who.token },
  });
  expectOk(res, getRolloverChoices.path);
  const { divisions } = res.json<{ divisions: RolloverDivision[] }>();
  const division = [...divisions].sort((a, b) => b.departments.length - a.departments.length)[0];
  if (!division || division.terms.length < 2) throw new Error('no division with two terms');
  const ids = division.departments.map((d) => d.departmentId);
  const [biggest] = await queryRows<{ departmentId: number; sections: number }>(
    db,
    sql`select c.department_id as "departmentId", count(*)::int as sections
        from sections s join courses c on c.id = s.course_id
        where s.term_id = ${division.terms[1]!.termId}
          and c.department_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by c.department_id order by 2 desc limit 1`,
  );
  if (!biggest) throw new Error('no department with sections');
  return { division, departmentId: biggest.departmentId, sections: biggest.sections };
}

/**
 * Issue 30's rollover on the large store: the preview of carrying the current term's adoptions
 * into the coming one (the seed's terms are three seasons in a row, so the source is chosen),
 * for its biggest department and for a whole division, and the unconfirmed list's first page
 * after the department's rollover is applied.
 */
export async function rolloverBench(app: FastifyInstance, db: Db): Promise<BenchEndpoint[]> {
  const who = await signIn(app, LARGE_HOST, LARGE_ADMIN, LARGE_PASSWORD);
  const { division, departmentId, sections } = await largestScope(app, db, who);
  const [target, source] = division.terms;
  const get = (path: string, query: Record<string, string>) => async () => {
    const res = await app.inject({
      method: 'GET',
      url: fillPath(path, { userAccountId: who.accountId }),
      headers: { host: LARGE_HOST, 'auth-token': who.token },
      query,
    });
    expectOk(res, path);
  };
  const terms = { targetTermId: String(target!.termId), sourceTermId: String(source!.termId) };
  const divisionId = String(division.divisionId);
  // The department's proposals, once, so the unconfirmed list has a page to read (a coming
  // term's sections, which no other bench reads after this one).
  const applied = await app.inject({
    method: 'POST',
    url: fillPath(applyRollover.path, { userAccountId: who.accountId }),
    headers: { host: LARGE_HOST, 'auth-token': who.token },
    payload: {
      divisionId: division.divisionId,
      departmentId,
      targetTermId: target!.termId,
      sourceTermId: source!.termId,
    },
  });
  expectOk(applied, applyRollover.path);
  const { created } = applied.json<{ created: number }>();
  return [
    {
      name: 'rollover getRolloverPreview (biggest department)',
      runs: 30,
      budgetP95Ms: { pglite: 60, postgres: 40 },
      note: `${sections} sections of the source term`,
      call: get(getRolloverPreview.path, {
        divisionId,
        departmentId: String(departmentId),
        ...terms,
      }),
    },
    {
      name: 'rollover getRolloverPreview (whole division)',
      runs: 10,
      budgetP95Ms: { pglite: 600, postgres: 400 },
      note: `${division.departments.length} departments`,
      call: get(getRolloverPreview.path, { divisionId, ...terms }),
    },
    {
      name: 'rollover getUnconfirmedRollovers (page 1)',
      runs: 100,
      note: `${created} proposals of one department`,
      budgetP95Ms: { pglite: 40, postgres: 30 },
      call: get(getUnconfirmedRollovers.path, { targetTermId: String(target!.termId) }),
    },
  ];
}
