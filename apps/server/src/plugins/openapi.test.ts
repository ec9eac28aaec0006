import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@csp/contracts';
import {
  getUserActions,
  jsonSuccessStatuses,
  liveness,
  LOCAL_PRINT_ENDPOINTS,
  OPENAPI_JSON_PATH,
  OPENAPI_UI_PATH,
  type Endpoint,
} from '@csp/contracts';
import { createTestApp, type TestContext } from '../test-support/test-app.ts';
import { openApiPath, type DocumentedResponse } from '../test-support/answer-check.ts';
import { AUTH_SECURITY_SCHEME } from '../lib/route.ts';

interface Operation {
  security?: unknown[];
  summary?: string;
  responses: Record<string, DocumentedResponse & { content?: Record<string, { schema: object }> }>;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

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
    expect(ENDPOINTS.length).toBe(Object.values(doc.paths).flatMap(Object.keys).length);
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

  /** The success answers a contract declares: status -> media types (none: no body). */
  function declaredSuccesses(contract: Endpoint): Record<string, string[]> {
    const declared: Record<string, string[]> = {};
    for (const status of jsonSuccessStatuses(contract)) declared[status] = ['application/json'];
    const { file, redirect, notModified } = contract.success ?? {};
    if (file) declared['200'] = [...(declared['200'] ?? []), file];
    if (redirect) declared['302'] = [];
    if (notModified) declared['304'] = [];
    return declared;
  }

  const label = (contract: Endpoint) => `${contract.method} ${contract.path}`;
  const operationOf = (doc: OpenApiDoc, contract: Endpoint) =>
    doc.paths[openApiPath(contract.path)]![contract.method.toLowerCase()]!;

  it('documents exactly the successes each contract declares: files as binary, redirects with Location', async () => {
    const doc = (
      await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })
    ).json<OpenApiDoc>();
    for (const contract of ENDPOINTS) {
      const { responses } = operationOf(doc, contract);
      const documented = Object.fromEntries(
        Object.entries(responses)
          .filter(([status]) => Number(status) < 400)
          .map(([status, r]) => [status, Object.keys(r.content ?? {})]),
      );
      expect(documented, label(contract)).toEqual(declaredSuccesses(contract));
      const file = contract.success?.file;
      if (file) {
        expect(responses['200']?.content?.[file]?.schema, label(contract)).toEqual({
          type: 'string',
          format: 'binary',
        });
      }
      if (contract.success?.redirect) {
        expect(responses['302']?.headers, label(contract)).toHaveProperty('Location');
      }
    }
  });

  it('documents the errors every route may answer, each as JSON with a message', async () => {
    const doc = (
      await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })
    ).json<OpenApiDoc>();
    // Liveness and the metrics never read the database, so neither answers 503.
    const noDatabase = [liveness, contracts.prometheusMetrics] as const;
    for (const contract of ENDPOINTS) {
      const { responses } = operationOf(doc, contract);
      const expected = [500];
      if (!noDatabase.some((c) => c === contract)) expected.push(503);
      if (contract.auth) expected.push(401);
      if (contract.auth && contract.path.includes(':userAccountId')) expected.push(403);
      if (contract.method !== 'GET') expected.push(400, 413, 415);
      if (contract.params || contract.query) expected.push(400);
      for (const status of expected) {
        expect(responses[status], `${label(contract)} documents ${status}`).toBeDefined();
      }
      if (noDatabase.some((c) => c === contract)) expect(responses['503']).toBeUndefined();
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400 || contract === contracts.readiness) continue;
        expect(
          response.content?.['application/json']?.schema,
          `${label(contract)} ${status}`,
        ).toMatchObject({ properties: { message: { type: 'string' } }, required: ['message'] });
      }
    }
  });

  it('documents only contracts: every operation is a contract of the portal', async () => {
    const doc = (
      await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH })
    ).json<OpenApiDoc>();
    const contracted = new Set(ENDPOINTS.map((e) => `${e.method} ${openApiPath(e.path)}`));
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.filter((op) => !contracted.has(op))).toEqual([]);
    expect(operations).toHaveLength(contracted.size);
  });

  it('serves Swagger UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_UI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});
