import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveness, login } from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { REQUEST_ID_HEADER } from './request-log.ts';

const engines = await testEngines();

interface LogLine {
  msg: string;
  reqId: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  ms?: number;
}

describe.each(engines)('the request log (%s)', (engine) => {
  let ctx: TestContext;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    ctx = await createTestApp(engine, { logger: pino({ level: 'info' }, sink) });
  });
  afterAll(async () => ctx?.close());

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('writes one line per request with its id, route pattern, status and time', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: liveness.path, headers: { host: 'x' } });
    const reqId = res.headers[REQUEST_ID_HEADER] as string;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = linesOf(reqId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: liveness.path,
      status: 200,
    });
    expect(logged[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it("keeps the proxy's request id, and replaces one that is not an id", async () => {
    const kept = await ctx.app.inject({
      method: 'GET',
      url: liveness.path,
      headers: { host: 'x', [REQUEST_ID_HEADER]: 'nginx-4f2a9c' },
    });
    expect(kept.headers[REQUEST_ID_HEADER]).toBe('nginx-4f2a9c');
    expect(linesOf('nginx-4f2a9c')).toHaveLength(1);
    const replaced = await ctx.app.inject({
      method: 'GET',
      url: liveness.path,
      headers: { host: 'x', [REQUEST_ID_HEADER]: 'two words\nforged log line' },
    });
    expect(replaced.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs a query or a matched path: they carry tokens, passwords and names', async () => {
    const res = await ctx.app.inject({
      method: login.method,
      url: `${login.path}?secret=abc123`,
      headers: { host: FIXTURE_HOSTS.a },
      payload: { userName: 'nobody@store-a.test', password: 'not-the-password-42' },
    });
    const logged = JSON.stringify(linesOf(res.headers[REQUEST_ID_HEADER] as string));
    expect(logged).toContain(`"route":"${login.path}"`);
    expect(logged).not.toContain('abc123');
    expect(logged).not.toContain('not-the-password-42');
    expect(logged).not.toContain('nobody@store-a.test');
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/app-rest/no/such/call?token=zzz',
      headers: { host: 'x' },
    });
    const [line] = linesOf(unknown.headers[REQUEST_ID_HEADER] as string);
    expect(line).toMatchObject({ route: 'unmatched', path: '/app-rest/no/such/call' });
    expect(JSON.stringify(line)).not.toContain('zzz');
    // A page of the web app (its routes are the browser's): counted as one label, its path kept.
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/reset-password?token=secret-reset-token',
      headers: { host: FIXTURE_HOSTS.a, accept: 'text/html' },
    });
    const [pageLine] = linesOf(page.headers[REQUEST_ID_HEADER] as string);
    expect(pageLine).toMatchObject({ route: 'spa', path: '/reset-password' });
    expect(JSON.stringify(pageLine)).not.toContain('secret-reset-token');
  });
});
