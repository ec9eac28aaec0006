import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLtiRegistration, deleteLtiRegistration, fillPath, LTI_PAGES } from '@csp/contracts';
import { signIn, type Caller } from '../../../test-support/permissions-test-support.ts';
import {
  authHeaders,
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { CANVAS } from './registration-test-data.ts';

const engines = await testEngines();

function frameAncestors(headers: Record<string, unknown>): string[] {
  const csp = String(headers['content-security-policy']);
  const directive = csp.split(/;\s*/).find((d) => d.startsWith('frame-ancestors '));
  return directive?.split(' ').slice(1) ?? [];
}

describe.each(engines)('LTI: who may frame the web app (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let webDist: string;

  const page = (url: string, host: string = FIXTURE_HOSTS.a) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'csp-web-lti-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');
    writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    ctx = await createTestApp(engine, { config: { webDist } });
    admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('lets the store’s registered platforms frame its pages, and nobody else', async () => {
    const before = await page('/my-courses');
    expect(frameAncestors(before.headers)).toEqual(["'none'"]);
    expect(before.headers['x-frame-options']).toBe('DENY');

    const created = await ctx.app.inject({
      method: 'POST',
      url: fillPath(createLtiRegistration.path, { userAccountId: admin.accountId }),
      headers: authHeaders(admin.host, admin.token),
      payload: { ...CANVAS, frameOrigins: ['https://school.instructure.com'] },
    });
    const registrationId = created.json().registrationId;

    // The registration's change shows at once (this process's cache is cleared).
    const framed = await page('/my-courses?ltiSection=1');
    expect(framed.statusCode).toBe(200);
    expect(frameAncestors(framed.headers)).toEqual([
      'https://canvas.example.edu',
      'https://school.instructure.com',
      'https://sso.canvas.example.edu',
    ]);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestors(framed.headers)).not.toContain('https://evil.example.com');

    // Another store's pages, the API and the assets keep refusing every frame.
    const otherStore = await page('/my-courses', FIXTURE_HOSTS.b);
    expect(frameAncestors(otherStore.headers)).toEqual(["'none'"]);
    expect(otherStore.headers['x-frame-options']).toBe('DENY');
    const asset = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-1.js',
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(frameAncestors(asset.headers)).toEqual(["'none'"]);
    expect(asset.headers['x-frame-options']).toBe('DENY');

    await ctx.app.inject({
      method: 'DELETE',
      url: fillPath(deleteLtiRegistration.path, { userAccountId: admin.accountId, registrationId }),
      headers: authHeaders(admin.host, admin.token),
    });
    expect(frameAncestors((await page('/my-courses')).headers)).toEqual(["'none'"]);
  });

  it('lets the platform that opens the registration page frame it and hear from it', async () => {
    const configuration = encodeURIComponent(
      'https://moodle.example.edu/mod/lti/openid-configuration.php',
    );
    const res = await page(`${LTI_PAGES.register}?invite=x&openid_configuration=${configuration}`);
    expect(frameAncestors(res.headers)).toEqual(['https://moodle.example.edu']);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();

    const plain = await page(`${LTI_PAGES.register}?openid_configuration=javascript:alert(1)`);
    expect(frameAncestors(plain.headers)).toEqual(["'none'"]);
    expect((await page('/my-courses')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});
