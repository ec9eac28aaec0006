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
 * Whatever a client sends to a funding endpoint, the answer is a 4xx with a message (and, for a
 * 400, the field it is about), never a 500: every path id, query value and body field of every
 * funding contract, and the order calls that carry funding, each with values of the wrong type,
 * out of range, too long, or holding a NUL. The endpoints are read from the contracts, so a new
 * funding endpoint is covered the day it is added.
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

  /** Every answer that is not a 500, and says what is wrong; the offenders, listed. */
  async function offenders(
    contract: Endpoint,
    tries: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      hasBody?: boolean;
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
      if (res.statusCode >= 500) found.push(`${what} ${res.body.slice(0, 120)}`);
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

  it('answers a bad id in the path with a 4xx naming it', async () => {
    const found: string[] = [];
    for (const contract of FUNDING_ENDPOINTS) {
      const names = pathNames(contract.path).filter((n) => n !== 'userAccountId');
      const tries = names.flatMap((name) =>
        BAD_IDS.map((bad) => ({
          params: { [name]: bad },
          body: {},
          hasBody: contract.method !== 'GET',
        })),
      );
      found.push(...(await offenders(contract, tries)));
    }
    expect(found).toEqual([]);
  });

  it('answers a bad query value with a 4xx naming it', async () => {
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

  it('answers a body of the wrong shape, or a field of the wrong kind, with a 4xx naming it', async () => {
    const found: string[] = [];
    for (const contract of FUNDING_ENDPOINTS.filter((c) => c.method !== 'GET')) {
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
