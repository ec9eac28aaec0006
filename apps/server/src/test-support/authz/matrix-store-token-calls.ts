import { eq } from 'drizzle-orm';
import * as t from '../../db/schema/index.ts';
import { hashStoreToken } from '../../modules/inclusive-access/access-lists/store-token.ts';
import { FIXTURE_HOSTS } from '../test-fixture.ts';
import type { TestContext } from '../test-app.ts';
import { buildRequest, type MatrixRequest, type NamedContract } from './matrix-requests.ts';
import type { MatrixWorld } from './matrix-world.ts';

/** The stores' integration tokens in the matrix's world (known to it, stored hashed). */
export const MATRIX_STORE_TOKENS = {
  a: 'csp_ia_matrix-store-a-integration-token',
  b: 'csp_ia_matrix-store-b-integration-token',
} as const;

/**
 * Gives store A and store B their integration tokens (ia_store_settings, hashed), and puts BIO
 * 101 section 002 (`untaught`) in the program too, so a section's access list exists on every
 * side the matrix asks about (added only if absent).
 */
export async function storeTokenRecords(
  ctx: TestContext,
  untaughtSectionId: number,
): Promise<void> {
  const { locations, catalog } = ctx.fixture;
  await ctx.db
    .insert(t.iaPrograms)
    .values({ locationId: locations.a, sectionId: untaughtSectionId, termId: catalog.termId })
    .onConflictDoNothing();
  for (const [store, locationId] of [
    ['a', locations.a],
    ['b', locations.b],
  ] as const) {
    const values = {
      accessTokenHash: hashStoreToken(MATRIX_STORE_TOKENS[store]),
      accessTokenCreatedAt: new Date(),
    };
    const updated = await ctx.db
      .update(t.iaStoreSettings)
      .set(values)
      .where(eq(t.iaStoreSettings.locationId, locationId))
      .returning({ id: t.iaStoreSettings.id });
    if (updated.length === 0)
      await ctx.db.insert(t.iaStoreSettings).values({ locationId, ...values });
  }
}

/** A call of an endpoint declared `{ kind: 'storeToken' }`, and the answer it must get. */
export interface StoreTokenCall {
  who: string;
  host: string;
  token?: string;
  headers?: Record<string, string>;
  request: MatrixRequest;
  want: { status: 401; why: string } | { status: 'answered' | 'otherStore'; why: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The calls of an endpoint declared `{ kind: 'storeToken' }` (the access lists' platform
 * calls): nobody, every staff session (an Auth-Token is no store token), store B's token on
 * store A's host and store A's token on store B's host are refused 401; store A's token on its
 * host is answered about its records, and store B's token on its own host meets store A's
 * records as unknown (404, or 400 naming the field).
 */
export function storeTokenCalls(world: MatrixWorld, named: NamedContract): StoreTokenCall[] {
  const admin = world.callers['storeAdmin']!;
  const request = buildRequest(world, named, { ...admin, item: 'inside', other: false });
  const calls: StoreTokenCall[] = [
    {
      who: 'anonymous',
      host: FIXTURE_HOSTS.a,
      request,
      want: { status: 401, why: 'no store token' },
    },
    {
      who: "store B's token on store A's host",
      host: FIXTURE_HOSTS.a,
      headers: bearer(MATRIX_STORE_TOKENS.b),
      request,
      want: { status: 401, why: "the token is another store's" },
    },
    {
      who: "store A's token on store B's host",
      host: FIXTURE_HOSTS.b,
      headers: bearer(MATRIX_STORE_TOKENS.a),
      request,
      want: { status: 401, why: "the host's store is not the token's" },
    },
    {
      who: 'a made-up token',
      host: FIXTURE_HOSTS.a,
      headers: bearer('csp_ia_not-a-token-of-any-store'),
      request,
      want: { status: 401, why: 'no store has this token' },
    },
  ];
  for (const [key, caller] of Object.entries(world.callers)) {
    calls.push({
      who: `${key}'s staff session`,
      host: key === 'storeB' ? FIXTURE_HOSTS.b : FIXTURE_HOSTS.a,
      token: caller.token,
      request,
      want: { status: 401, why: 'a staff session is no store token' },
    });
  }
  if (request.namesStoreRecords.anywhere) {
    calls.push({
      who: "store B's token on its host, naming store A's records",
      host: FIXTURE_HOSTS.b,
      headers: bearer(MATRIX_STORE_TOKENS.b),
      request,
      want: { status: 'otherStore', why: "store A's records are not store B's" },
    });
  }
  calls.push({
    who: "store A's token on its host",
    host: FIXTURE_HOSTS.a,
    headers: bearer(MATRIX_STORE_TOKENS.a),
    request,
    want: { status: 'answered', why: "the store's own token" },
  });
  return calls;
}
