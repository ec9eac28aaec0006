import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWebsite } from '@csp/contracts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../test-support/test-app.ts';
import { GTM_BODY, GTM_HEADER } from '../test-support/test-fixture.ts';

const engines = await testEngines();
const INDEX =
  '<!doctype html><html><head><title>x</title></head><body class="app"><div id="root"></div></body></html>';

function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ]) {
    expect(csp).toContain(directive);
  }
  // The browser may reach this origin and the workstation's print services, nothing else.
  const connect = csp.split(/;\s*/).find((d) => d.startsWith('connect-src '));
  const sources = connect?.split(' ').slice(1) ?? [];
  expect(sources).toContain('http://localhost:9090');
  expect(sources).toContain('https://127.0.0.1:41951');
  expect(sources).toContain('https://localhost:41960');
  expect(sources).not.toContain('https://127.0.0.1:41961');
  expect(sources.filter((s) => !s.includes('google'))).toHaveLength(1 + 2 + 20);
}

describe.each(engines)('SPA and security headers (%s)', (engine) => {
  let ctx: TestContext;
  let unbuilt: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'csp-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(webDist, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(webDist, 'favicon.ico'), 'icon');
    ctx = await createTestApp(engine, { config: { webDist } });
    unbuilt = await createTestApp('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
    await unbuilt?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const html = (url: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  it('sets security headers and no-store on API responses', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: getWebsite.path,
      query: { searchString: 'x' },
    });
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('serves index.html for client routes, uncached, with security headers', async () => {
    const res = await html('/research/section/12?x=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(INDEX);
    expectSecurityHeaders(res.headers);
    expect((await html('/')).body).toBe(INDEX);
  });

  it('injects tag manager snippets with a CSP nonce for a site that has them', async () => {
    const res = await html('/dashboard', FIXTURE_HOSTS.b);
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain('https://www.googletagmanager.com');
    expect(res.body).toContain(
      `${GTM_HEADER.replace('<script', `<script nonce="${nonce}"`)}\n</head>`,
    );
    expect(res.body).toContain(`<body class="app">\n${GTM_BODY}`);
    const again = await html('/dashboard', FIXTURE_HOSTS.b);
    expect(again.headers['content-security-policy']).not.toContain(nonce);
  });

  it('serves hashed assets with a long immutable cache and 404s missing files', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expectSecurityHeaders(res.headers);
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/favicon.ico' })).body).toBe('icon');
    expect((await ctx.app.inject({ method: 'GET', url: '/nope.png' })).statusCode).toBe(404);
  });

  it('serves the build-time brotli or gzip copy of an asset to browsers that accept it', async () => {
    const get = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers JSON 404 to non-HTML requests of unknown paths', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Nothing is found at /dashboard.' });
  });

  it('answers 503 when the web app is not built', async () => {
    const res = await unbuilt.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expectSecurityHeaders(res.headers);
  });
});
