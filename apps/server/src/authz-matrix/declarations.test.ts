import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessSchema, LOCAL_PRINT_ENDPOINTS, OPENAPI_JSON_PATH } from '@csp/contracts';
import { createTestApp, type TestContext } from '../test-support/test-app.ts';
import { exportedContracts, matrixContracts } from '../test-support/authz/matrix-suite.ts';
import { validSample } from '../test-support/valid-sample.ts';

/**
 * Routes the portal serves that are not contracts (so not in the matrix), and why. A new route
 * without a contract must be added here, with its reason, or given a contract.
 */
const NOT_CONTRACTS: Record<string, string> = {
  'get /site-config/logos/{fileName}': 'public logo files named in website configs',
  'get /app-rest/admin_portal/v1/labels/{token}': 'a rental label PDF: its token is the key',
  'get /app-rest/admin_portal/v1/print/testLabel': "the printer panel's test label PDF: no data",
  'get /app-rest/saml/v1/login': 'SAML: a browser redirect to the identity provider',
  'post /app-rest/saml/v1/acs': "SAML: the provider's signed assertion is the credential",
  'get /app-rest/saml/v1/metadata': 'SAML: public service provider metadata',
  'get /app-rest/saml/v1/logout': 'SAML: a browser redirect (single logout)',
  'get /app-rest/saml/v1/slo': "SAML: the provider's signed logout messages",
  'post /app-rest/saml/v1/slo': "SAML: the provider's signed logout messages",
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('every contract declares its access', () => {
  it('each exported contract has a valid declaration, public exactly when it takes no token', () => {
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
      if (!agent && (parsed.data.kind === 'public') === contract.auth) {
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
      .filter((route) => !declared.has(route) && !(route in NOT_CONTRACTS));
    expect(uncovered).toEqual([]);
  });
});
