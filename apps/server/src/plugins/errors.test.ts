import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ADMIN_BASE, login } from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { AppError } from '@csp/http-kit';
import { PoolBusyError } from '../db/pool.ts';
import {
  BAD_URL_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  PORTAL_BUSY_MESSAGE,
  URL_TOO_LONG_MESSAGE,
} from './errors.ts';

const engines = await testEngines();

describe.each(engines)('error handling (%s)', (engine) => {
  let ctx: TestContext;
  const logged: string[] = [];
  beforeAll(async () => {
    const logger = pino({ level: 'error' }, { write: (line: string) => void logged.push(line) });
    ctx = await createTestApp(engine, {
      logger,
      extend: (app) => {
        app.get('/app-rest/test/v1/boom', async () => {
          throw new Error('database password is hunter2');
        });
        app.get('/app-rest/test/v1/busy', async () => {
          // As drizzle reports it: the driver's error as the cause of its own.
          throw new Error('Failed query: select 1', {
            cause: new PoolBusyError('every database connection is in use'),
          });
        });
        app.get('/app-rest/test/v1/teapot', async () => {
          throw new AppError(418, 'No coffee here.', 'cup');
        });
      },
    });
  });
  afterAll(async () => ctx?.close());

  it('answers 500 with a generic message and logs the error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app-rest/test/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_ERROR_MESSAGE });
    expect(res.body).not.toContain('hunter2');
    expect(logged.some((line) => line.includes('hunter2'))).toBe(true);
  });

  it('answers 503 "busy" with Retry-After when every database connection is in use', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app-rest/test/v1/busy' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PORTAL_BUSY_MESSAGE });
    expect(res.headers['retry-after']).toBe('2');
  });

  it('passes domain errors through with their status and field', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/app-rest/test/v1/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ message: 'No coffee here.', field: 'cup' });
  });

  it('answers 400 for malformed JSON, naming the body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a, 'content-type': 'application/json' },
      payload: '{"userName": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', field: 'body' });
  });

  it('answers 400 for an empty body sent as JSON, naming the body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is empty but its content type is JSON.',
      field: 'body',
    });
  });

  it('answers a path that is not a valid URL (a broken %-escape) as every other error, naming the URL', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/%/getAllRoles`,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ message: BAD_URL_MESSAGE, field: 'url' });
  });

  it('answers a path segment too long for the router as every other error, naming the URL', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${ADMIN_BASE}/labels/${'x'.repeat(1000)}/content`,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: URL_TOO_LONG_MESSAGE, field: 'url' });
  });

  it('answers 400 for a missing body, naming it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: login.path,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'body: body is required', field: 'body' });
  });

  it('answers a JSON 404 for an unknown API route, whatever it accepts', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/app-rest/portal/v1/nothing?x=1',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'There is no endpoint GET /app-rest/portal/v1/nothing.',
    });
    const post = await ctx.app.inject({ method: 'POST', url: '/app-rest/nothing' });
    expect(post.statusCode).toBe(404);
  });
});
