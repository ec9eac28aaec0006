import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@csp/contracts';
import {
  FUNDING_BASE,
  createOrder,
  createOrderPreview,
  fillPath,
  getAccessDayReport,
  getStudentFunding,
  uploadAllowances,
  type Endpoint,
} from '@csp/contracts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { fundingWorld, type FundingWorld } from '../../test-support/funding-world.ts';

const engines = await testEngines();

/*
 * Whatever a client sends to a funding endpoint, the answer is never a 500, a refusal says why,
 * and a 400 names the field it is about. Tried: every path id (a 400 naming that id; a 403 for
 * an account id that is not the caller's), query value and body field of every funding
 * contract, and of the order calls that carry funding, each with values of the wrong type, out
 * of range, too long, or holding a NUL. The endpoints are read from the contracts, so a new
 * funding endpoint is covered the day it is added. Endpoints that take no body are not sent
 * one: with every id real, they would do their work (e-mail a source's vouchers, close ended
 * windows) rather than refuse anything.
 */

const FUNDING_ENDPOINTS: Endpoint[] = [
  ...(Object.values(contracts) as unknown[]).filter(
    (value): value is Endpoint =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'response' in value &&
      'path' in value &&
      typeof value.path === 'string' &&
      value.path.startsWith(FUNDING_BASE),
  ),
  getStudentFunding,
  createOrder,
  createOrderPreview,
];

const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00'];
const BAD_VALUES: unknown[] = [
  'x',
  -1,
  1.5,
  1e20,
  2_147_483_648,
  null,
  true,
  [],
  {},
  'a'.repeat(5000),
  '\u0000',
  '2026-02-30',
];
const BAD_BODIES: unknown[] = [null, [], 'text', 7, {}];

/** The top-level keys of an object schema (zod 4: `shape`, through defaults and pipes). */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: object; def?: { innerType?: unknown; in?: unknown } } | undefined;
  if (!s) return [];
  if (s.shape) return Object.keys(s.shape);
  return keysOf(s.def?.innerType ?? s.def?.in);
}

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

describe.each(engines)('funding endpoints refuse bad input in words (%s)', (engine) => {
  let ctx: TestContext;
  let w: FundingWorld;
  /** Real ids of store A, so a bad value in one place is the only thing wrong. */
  let ids: Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await fundingWorld(ctx);
    const source = await w.createSource(w.who.manager);
    const [student] = await w.addStudents(w.storeA, 1);
    const allowance = await w.addAllowance(
      w.who.manager,
      source.sourceId,
      student!.studentIdNum,
      5_000,
    );
    ids = {
      sourceId: source.sourceId,
      allowanceId: allowance.allowanceId,
      uploadId: 1,
      customerId: student!.id,
    };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The answers that are a 500, or refuse without saying why or where; one line each. */
  async function offenders(
    contract: Endpoint,
    tries: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      hasBody?: boolean;
      /** The path id that is wrong: the answer must be a 400 naming it. */
      badParam?: string;
    }[],
  ): Promise<string[]> {
    const found: string[] = [];
    for (const input of tries) {
      const who = w.who.manager;
      const params = { userAccountId: String(who.accountId), ...stringIds(), ...input.params };
      const res = await ctx.app.inject({
        method: contract.method,
        url: fillPath(contract.path, params).replaceAll('%2500', '%00'),
        query: input.query,
        headers: {
          ...authHeaders(who.host, who.token),
          ...(input.hasBody && { 'content-type': 'application/json' }),
        },
        ...(input.hasBody && { payload: JSON.stringify(input.body) }),
      });
      const answer = String(res.headers['content-type']).includes('json')
        ? res.json<{ message?: string; field?: string }>()
        : {};
      const what = `${contract.method} ${contract.path} ${JSON.stringify(input).slice(0, 120)} -> ${res.statusCode}`;
      if (input.badParam === 'userAccountId') {
        // The session is checked first: a path that is not the caller's own account is a 403.
        if (res.statusCode !== 403 || answer.message !== 'You can only act as your own account.')
          found.push(`${what} is not refused as another account: ${res.body.slice(0, 120)}`);
      } else if (input.badParam && (res.statusCode !== 400 || answer.field !== input.badParam))
        found.push(`${what} does not name ${input.badParam}: ${res.body.slice(0, 120)}`);
      else if (res.statusCode >= 500) found.push(`${what} ${res.body.slice(0, 120)}`);
      else if (res.statusCode >= 400 && !answer.message) found.push(`${what} without a message`);
      else if (res.statusCode === 400 && !answer.field)
        found.push(`${what} names no field: ${answer.message}`);
    }
    return found;
  }
  const stringIds = () => Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, String(v)]));

  it('covers every funding contract', () => {
    // 24 under the funding path, the student's funding, and the two order calls (issue 14).
    expect(FUNDING_ENDPOINTS.length).toBeGreaterThanOrEqual(27);
    expect(FUNDING_ENDPOINTS).toContain(uploadAllowances as Endpoint);
    expect(FUNDING_ENDPOINTS).toContain(getAccessDayReport as Endpoint);
  });

  it('answers a bad id in the path with a 400 naming it (a 403 for the account id)', async () => {
    const found: string[] = [];
    for (const contract of FUNDING_ENDPOINTS) {
      const tries = pathNames(contract.path).flatMap((name) =>
        BAD_IDS.map((bad) => ({
          params: { [name]: bad },
          badParam: name,
          body: {},
          hasBody: contract.body !== undefined,
        })),
      );
      found.push(...(await offenders(contract, tries)));
    }
    expect(found).toEqual([]);
  });

  it('answers a bad query value with no 500, and a 400 that names its field', async () => {
    const found: string[] = [];
    for (const contract of FUNDING_ENDPOINTS) {
      const tries = keysOf(contract.query).flatMap((key) =>
        BAD_VALUES.map((bad) => ({
          query: { [key]: typeof bad === 'string' ? bad : JSON.stringify(bad) },
        })),
      );
      found.push(...(await offenders(contract, tries)));
    }
    expect(found).toEqual([]);
  });

  it('answers a body of the wrong shape, or a field of the wrong kind, with no 500, and a 400 that names its field', async () => {
    const found: string[] = [];
    for (const contract of FUNDING_ENDPOINTS.filter((c) => c.body !== undefined)) {
      const tries = [
        ...BAD_BODIES.map((body) => ({ body, hasBody: true })),
        ...keysOf(contract.body).flatMap((key) =>
          BAD_VALUES.map((bad) => ({ body: { [key]: bad }, hasBody: true })),
        ),
      ];
      found.push(...(await offenders(contract, tries)));
    }
    expect(found).toEqual([]);
  });
});
