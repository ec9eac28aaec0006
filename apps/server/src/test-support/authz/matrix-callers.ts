import { eq } from 'drizzle-orm';
import { fillPath, printRentalLabel } from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import { addAccount, signIn, type Caller } from '../permissions-test-support.ts';
import { STORE_A_RETURN } from '../rental-world.ts';
import { authHeaders, FIXTURE_HOSTS, type TestContext } from '../test-app.ts';
import type { TestFixture } from '../test-fixture.ts';
import { CALLER_MODELS } from './expected-answer.ts';

export type MatrixCaller = Caller & { userName: string };

/** Callers that are the test fixture's own accounts (their roles are the fixture's). */
const FIXTURE_CALLERS: Record<string, keyof TestFixture['accounts']> = {
  storeAdmin: 'admin',
  submitterBiology: 'submitterDepartment',
  instructor: 'instructor',
};

/**
 * Every caller of CALLER_MODELS, signed in: the fixture's accounts, and a new account for each
 * other model with exactly its roles (a Biology scope is the fixture's BIO department); store
 * B's caller signs in on store B's host.
 */
export async function signInCallers(ctx: TestContext): Promise<Record<string, MatrixCaller>> {
  const { accounts, catalog, locations } = ctx.fixture;
  const callers: Record<string, MatrixCaller> = {};
  for (const [key, grants] of Object.entries(CALLER_MODELS)) {
    const own = FIXTURE_CALLERS[key];
    const host = key === 'storeB' ? FIXTURE_HOSTS.b : FIXTURE_HOSTS.a;
    let userName = own ? accounts[own].userName : `${key.toLowerCase()}@${host}`;
    if (!own) {
      const roles = grants.map((g) => ({
        role: g.role,
        ...(g.scope === 'biology' && { departmentId: catalog.departmentId }),
      }));
      userName = (
        await addAccount(ctx.db, key === 'storeB' ? locations.b : locations.a, userName, roles)
      ).userName;
    }
    callers[key] = { ...(await signIn(ctx, userName, host)), userName };
  }
  return callers;
}

/** The token of a rental label printed for the student's rental, through the API. */
export async function printedLabelToken(
  ctx: TestContext,
  admin: Caller,
  customerId: number,
  rentalId: number,
): Promise<string> {
  // Labels need the store's return address (their ship-to).
  await ctx.db
    .update(t.locations)
    .set(STORE_A_RETURN)
    .where(eq(t.locations.id, ctx.fixture.locations.a));
  const printed = await ctx.app.inject({
    method: 'POST',
    url: fillPath(printRentalLabel.path, { userAccountId: admin.accountId }),
    headers: authHeaders(admin.host, admin.token),
    payload: { customerId, transItemIdList: [rentalId] },
  });
  if (printed.statusCode !== 200) throw new Error(`label: ${printed.statusCode} ${printed.body}`);
  const reportUrl = printed.json<{ reportUrl: string }[]>()[0]?.reportUrl ?? '';
  return reportUrl.split('/').pop() ?? '';
}
