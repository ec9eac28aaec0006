import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessSchema, LOCAL_PRINT_ENDPOINTS, OPENAPI_JSON_PATH } from '@csp/contracts';
import { createTestApp, type TestContext } from '../test-support/test-app.ts';
import { exportedContracts, matrixContracts } from '../test-support/authz/matrix-suite.ts';
import { validSample } from '../test-support/valid-sample.ts';

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('every contract declares its access', () => {
  it("each exported contract has a valid declaration, without an Auth-Token exactly when public, a student's or a store token's", () => {
    const contracts = exportedContracts();
    expect(contracts.length).toBeGreaterThanOrEqual(126);
    const problems: string[] = [];
    for (const { name, contract } of contracts) {
      const parsed = accessSchema.safeParse(contract.access);
      if (!parsed.success) {
        problems.push(`${name}: no valid access declaration (${parsed.error.issues[0]?.message})`);
        continue;
      }
      const agent = LOCAL_PRINT_ENDPOINTS.includes(contract);
      if ((parsed.data.kind === 'printAgent') !== agent) {
        problems.push(`${name}: printAgent is for the print agent's contracts only`);
      }
      // No Auth-Token: anyone, a student's session, or a store's integration token instead.
      const tokenless = ['public', 'student', 'storeToken'].includes(parsed.data.kind);
      if (!agent && tokenless === contract.auth) {
        problems.push(`${name}: auth ${contract.auth} but access ${parsed.data.kind}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('each contract has a valid sample request for the matrix to send', () => {
    const problems: string[] = [];
    for (const { name, contract } of exportedContracts()) {
      for (const part of [contract.params, contract.query, contract.body]) {
        if (!part) continue;
        try {
          validSample(part);
        } catch (error) {
          problems.push(`${name}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the matrix covers every route the portal serves', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  it('every contract is a route of the portal, and every documented route is a contract', async () => {
    const contracts = matrixContracts();
    const missing = contracts
      .filter(({ contract }) => !ctx.app.hasRoute({ method: contract.method, url: contract.path }))
      .map(({ name }) => name);
    expect(missing).toEqual([]);

    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const declared = new Set(
      contracts.map((c) => `${c.contract.method.toLowerCase()} ${openApiPath(c.contract.path)}`),
    );
    const uncovered = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
      .filter((route) => !declared.has(route));
    expect(uncovered).toEqual([]);
  });
});
