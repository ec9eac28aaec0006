import { and, eq } from 'drizzle-orm';
import { fillPath, type Endpoint } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { authHeaders, type TestContext } from './test-app.ts';
import { addAccount, addCatalog, signIn, type Caller } from './permissions-test-support.ts';

/**
 * Callers and calls for the inclusive-access programs' tests (issue 32, point 1): the fixture's
 * administrator, a course materials team member of another division (North Campus), one of the
 * fixture's department only, and store B's administrator.
 */
export async function iaProgramCallers(ctx: TestContext) {
  const { locations, catalog } = ctx.fixture;
  const north = await addCatalog(ctx.db, locations.a, {
    divisionName: 'North Campus',
    departmentCode: 'ART',
  });
  await addAccount(ctx.db, locations.a, 'north-ia@store-a.test', [
    { role: 'CMA_MEMBER', divisionId: north.divisionId },
  ]);
  await addAccount(ctx.db, locations.a, 'dept-ia@store-a.test', [
    { role: 'CMA_MEMBER', departmentId: catalog.departmentId },
  ]);
  return {
    north,
    admin: await signIn(ctx, 'admin@store-a.test'),
    northCma: await signIn(ctx, 'north-ia@store-a.test'),
    deptCma: await signIn(ctx, 'dept-ia@store-a.test'),
    instructor: await signIn(ctx, 'instructor@store-a.test'),
    storeB: await signIn(ctx, 'admin@store-b.test', 'store-b.test'),
  };
}

/** Calls `contract` as `caller`, its path filled with the caller's account and `params`. */
export function iaCall(
  ctx: TestContext,
  caller: Caller,
  contract: Endpoint,
  params: Record<string, number> = {},
  input: { query?: Record<string, string | number>; body?: unknown } = {},
) {
  return ctx.app.inject({
    method: contract.method,
    url: fillPath(contract.path, { userAccountId: caller.accountId, ...params }),
    query: Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])),
    headers: authHeaders(caller.host, caller.token),
    ...(input.body !== undefined && { payload: input.body as object }),
  });
}

/** The audit entries of one inclusive-access event in store A. */
export async function iaAuditCount(ctx: TestContext, event: string): Promise<number> {
  const rows = await ctx.db
    .select({ id: t.auditLog.id })
    .from(t.auditLog)
    .where(and(eq(t.auditLog.locationId, ctx.fixture.locations.a), eq(t.auditLog.event, event)));
  return rows.length;
}

/** A term of store B (another division): nothing of store A's callers. */
export async function storeBTerm(ctx: TestContext): Promise<number> {
  const locationId = ctx.fixture.locations.b;
  const [division] = await ctx.db
    .insert(t.divisions)
    .values({ locationId, name: 'B Campus', universityName: 'B U' })
    .returning({ id: t.divisions.id });
  const [term] = await ctx.db
    .insert(t.terms)
    .values({
      locationId,
      divisionId: division!.id,
      name: 'Fall 2026',
      startDate: '2026-08-24',
      endDate: '2026-12-18',
    })
    .returning({ id: t.terms.id });
  return term!.id;
}
