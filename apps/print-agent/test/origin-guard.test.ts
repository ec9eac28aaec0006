import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localHealthCheck, localPrinters, printLocalLabel } from '@csp/contracts';
import { ALLOWED_METHODS, PREFLIGHT_MAX_AGE_S } from '../src/origin-guard.ts';
import { LOOPBACK_HOST, tempDir, testAgent } from './support/agent.ts';
import { FakeCups } from './support/fake-cups.ts';

const PORTAL = 'https://my.store.example';
const OTHER = 'https://evil.example';

describe('who may call the print service', () => {
  const tmp = tempDir();
  let app: FastifyInstance;
  const cups = new FakeCups([{ name: 'Dymo' }]);
  beforeAll(async () => {
    app = await testAgent(
      { portalOrigins: [PORTAL, 'http://localhost:5173'], stateFile: join(tmp.dir, 's.json') },
      { cups },
    );
  });
  afterAll(async () => {
    await app.close();
    tmp.remove();
  });

  const preflight = (origin: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'OPTIONS',
      url: printLocalLabel.path,
      headers: {
        host: LOOPBACK_HOST,
        origin,
        'access-control-request-method': 'POST',
        ...extra,
      },
    });

  it('answers a preflight from a portal origin with CORS and Private Network Access headers', async () => {
    const res = await preflight(PORTAL, {
      'access-control-request-headers': 'content-type',
      'access-control-request-private-network': 'true',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': PORTAL,
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': 'content-type',
      'access-control-allow-private-network': 'true',
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
      vary: 'Origin',
    });
    expect(ALLOWED_METHODS).toBe('GET, PUT, POST');
    expect(PREFLIGHT_MAX_AGE_S).toBe(600);
    expect(res.body).toBe('');
  });

  it('allows the private network only when the browser asks for it', async () => {
    const res = await preflight('http://localhost:5173');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers).not.toHaveProperty('access-control-allow-private-network');
    expect(res.headers).not.toHaveProperty('access-control-allow-headers');
  });

  it('refuses a preflight from any other origin, naming it, without CORS headers', async () => {
    for (const origin of [OTHER, 'null', `${PORTAL}:8443`, 'http://my.store.example']) {
      const res = await preflight(origin, { 'access-control-request-private-network': 'true' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.stringContaining(origin) });
      expect(res.headers).not.toHaveProperty('access-control-allow-origin');
      expect(res.headers).not.toHaveProperty('access-control-allow-private-network');
    }
  });

  it('gives a portal page its origin (never *) on normal answers', async () => {
    const res = await app.inject({
      method: 'GET',
      url: localHealthCheck.path,
      headers: { host: LOOPBACK_HOST, origin: PORTAL },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(res.headers.vary).toBe('Origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses calls from other origins before doing anything', async () => {
    const jobsBefore = cups.jobs.length;
    const res = await app.inject({
      method: 'POST',
      url: `${printLocalLabel.path}?labelUrl=${encodeURIComponent(`${PORTAL}/label.pdf`)}`,
      headers: { host: LOOPBACK_HOST, origin: OTHER },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: expect.stringContaining(`The origin ${OTHER} is not a portal`),
      field: 'Origin',
    });
    expect(res.headers).not.toHaveProperty('access-control-allow-origin');
    expect(cups.jobs.length).toBe(jobsBefore);
  });

  it('answers requests without an Origin (curl on the workstation)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: localPrinters.path,
      headers: { host: LOOPBACK_HOST },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([{ name: 'Dymo' }]);
    expect(res.headers).not.toHaveProperty('access-control-allow-origin');
  });

  it.each(['127.0.0.1:9090', 'localhost:9090', '[::1]:9090', 'LOCALHOST', '127.0.0.1'])(
    'answers on the loopback Host %s',
    async (host) => {
      const res = await app.inject({
        method: 'GET',
        url: localHealthCheck.path,
        headers: { host },
      });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each(['evil.example:9090', 'evil.example', '127.0.0.1.evil.example:9090', '10.0.0.5:9090'])(
    'refuses the Host %s (DNS rebinding), even from a portal origin',
    async (host) => {
      const res = await app.inject({
        method: 'GET',
        url: localHealthCheck.path,
        headers: { host, origin: PORTAL },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringContaining(host), field: 'Host' });
    },
  );

  it('caps request bodies (it takes none)', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/omniprint/defaultPrinter?printerName=Dymo',
      headers: { host: LOOPBACK_HOST, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(4096) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.stringContaining('too large') });
  });

  it('ignores an empty JSON body, as some fetch wrappers send', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/omniprint/defaultPrinter?printerName=Dymo',
      headers: { host: LOOPBACK_HOST, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/omniprint/nothing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no endpoint GET /api/v1/omniprint/nothing.' });
  });
});

describe('an agent listening on another address', () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it('also answers on that address, and on every Host when it listens on all', async () => {
    const stateFile = join(tmp.dir, 's.json');
    const lan = await testAgent({ host: '192.168.1.20', stateFile }, { cups: new FakeCups() });
    const all = await testAgent({ host: '0.0.0.0', stateFile }, { cups: new FakeCups() });
    const get = (app: FastifyInstance, host: string) =>
      app.inject({ method: 'GET', url: localHealthCheck.path, headers: { host } });
    expect((await get(lan, '192.168.1.20:9090')).statusCode).toBe(200);
    expect((await get(lan, '127.0.0.1:9090')).statusCode).toBe(200);
    expect((await get(lan, 'evil.example:9090')).statusCode).toBe(403);
    expect((await get(all, 'workstation-7.lan:9090')).statusCode).toBe(200);
    await Promise.all([lan.close(), all.close()]);
  });
});
