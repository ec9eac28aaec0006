import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@csp/contracts';
import {
  getUserActions,
  LOCAL_PRINT_ENDPOINTS,
  OPENAPI_JSON_PATH,
  OPENAPI_UI_PATH,
  type Endpoint,
} from '@csp/contracts';
import { createTestApp, type TestContext } from '../test-support/test-app.ts';
import { AUTH_SECURITY_SCHEME } from '../lib/route.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[]; summary?: string }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every endpoint contract the contracts package exports for the portal (the local print
 * service's are the print agent's own).
 */
const ENDPOINTS = Object.values(contracts as Record<string, unknown>).filter(
  (value): value is Endpoint =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Endpoint).method === 'string' &&
    typeof (value as Endpoint).path === 'string' &&
    typeof (value as Endpoint).summary === 'string' &&
    typeof (value as Endpoint).auth === 'boolean' &&
    !LOCAL_PRINT_ENDPOINTS.includes(value as Endpoint),
);

describe('OpenAPI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  });
  afterAll(async () => ctx?.close());

  it('documents every contract route and the Auth-Token scheme', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApiDoc>();
    expect(ENDPOINTS.length).toBeGreaterThan(25);
    for (const contract of ENDPOINTS) {
      const op = doc.paths[openApiPath(contract.path)]?.[contract.method.toLowerCase()];
      expect(op?.summary, `${contract.method} ${contract.path}`).toBe(contract.summary);
      const security = contract.auth ? [{ [AUTH_SECURITY_SCHEME]: [] }] : undefined;
      expect(op?.security, `${contract.method} ${contract.path}`).toEqual(security);
    }
    expect(doc.paths['/site-config/{jsonFileName}']?.['get']).toBeDefined();
    expect(doc.paths[openApiPath(getUserActions.path)]?.['get']?.security).toEqual([
      { [AUTH_SECURITY_SCHEME]: [] },
    ]);
    expect(doc.components.securitySchemes[AUTH_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Auth-Token',
    });
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api-docs'))).toBe(false);
  });

  it('serves Swagger UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_UI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});
