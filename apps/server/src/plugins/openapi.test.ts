import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getUserActions,
  getWebsite,
  login,
  logout,
  OPENAPI_JSON_PATH,
  OPENAPI_UI_PATH,
  resumeSession,
} from '@csp/contracts';
import { createTestApp, type TestContext } from '../test-support/test-app.ts';
import { AUTH_SECURITY_SCHEME } from './openapi.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[]; summary?: string }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

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
    for (const contract of [getWebsite, login, resumeSession, logout, getUserActions]) {
      const op = doc.paths[openApiPath(contract.path)]?.[contract.method.toLowerCase()];
      expect(op?.summary).toBe(contract.summary);
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
