import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveness, prometheusMetrics, requestPasswordReset } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { uploadChecked } from '../../test-support/data-test-support.ts';
import { useUpMailAllowance } from '../../test-support/mail-allowance.ts';
import { signIn } from '../../test-support/permissions-test-support.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import { MailLimitError } from '../mail/index.ts';
import { METRICS_MESSAGES } from './routes.ts';

const engines = await testEngines();
const TOKEN = 'metrics-token-for-tests-0123456789';

const scrape = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: prometheusMetrics.path,
    headers: { host: 'monitoring.internal', ...(authorization ? { authorization } : {}) },
  });

/** The value of one series in Prometheus' text format (0 when it is not there). */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${name}{`) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe.each(engines)('GET /metrics (%s)', (engine) => {
  describe('without METRICS_TOKEN', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp(engine);
    });
    afterAll(async () => ctx?.close());

    it('is not there: 404 saying how to turn it on', async () => {
      const res = await scrape(ctx, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: METRICS_MESSAGES.off });
    });
  });

  describe('with METRICS_TOKEN', () => {
    let ctx: TestContext;
    let smtp: SmtpCapture;
    const read = async () => {
      const res = await scrape(ctx, `Bearer ${TOKEN}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      smtp = await startSmtpCapture();
      ctx = await createTestApp(engine, {
        config: { metricsToken: TOKEN, smtpUrl: smtp.url },
        extend: (app) => {
          // A request the mail limits refuse, as every mail-sending route's would be.
          app.get('/test/mail-limit', async () => {
            throw new MailLimitError('voucher', 'This store has e-mailed 600 vouchers.', '60');
          });
          app.get('/test/refused', async () => {
            throw AppError.forbidden('No.');
          });
        },
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await smtp?.close();
    });

    it('answers only the token, as a bearer token', async () => {
      for (const authorization of [undefined, TOKEN, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
        const res = await scrape(ctx, authorization);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          message: METRICS_MESSAGES.token,
          field: 'authorization',
        });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
      const res = await scrape(ctx, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('counts answers by route pattern and status, never by the raw URL', async () => {
      const before = await read();
      const live = { route: liveness.path, status: '200', method: 'GET' };
      for (let i = 0; i < 3; i++) {
        await ctx.app.inject({ method: 'GET', url: liveness.path, headers: { host: 'x' } });
      }
      await ctx.app.inject({ method: 'GET', url: '/test/refused', headers: { host: 'x' } });
      await ctx.app.inject({ method: 'GET', url: '/nothing/here/42', headers: { host: 'x' } });
      const after = await read();
      const count = 'csp_http_request_duration_seconds_count';
      expect(valueOf(after, count, live) - valueOf(before, count, live)).toBe(3);
      expect(valueOf(after, count, { route: '/test/refused', status: '403' })).toBe(1);
      expect(after).not.toContain('/nothing/here/42');
      expect(after).toContain(`engine="${engine}"`);
    });

    it('counts e-mail sent, sends the limits refused, and the work after the answer', async () => {
      // A real e-mail: the store administrator's password reset.
      const requestReset = () =>
        ctx.app.inject({
          method: requestPasswordReset.method,
          url: requestPasswordReset.path,
          headers: { host: FIXTURE_HOSTS.a },
          payload: {
            email: ctx.fixture.accounts.admin.userName,
            resetUrl: `http://${FIXTURE_HOSTS.a}/reset-password?token={token}`,
          },
        });
      const send = await requestReset();
      expect(send.statusCode).toBe(200);
      await ctx.background.drain();
      await smtp.take(ctx.fixture.accounts.admin.userName, 5_000);
      const sent = await read();
      expect(valueOf(sent, 'csp_mail_messages_total', { outcome: 'sent' })).toBe(1);
      expect(valueOf(sent, 'csp_mail_messages_total', { outcome: 'failed' })).toBe(0);

      const storeA = { locationId: ctx.fixture.locations.a };
      await useUpMailAllowance(ctx.db, 'passwordReset', storeA, 'store');
      const refused = await requestReset();
      expect(refused.statusCode).toBe(429);
      await ctx.app.inject({ method: 'GET', url: '/test/mail-limit', headers: { host: 'x' } });
      const after = await read();
      expect(valueOf(after, 'csp_mail_refused_total', { kind: 'passwordReset' })).toBe(1);
      expect(valueOf(after, 'csp_mail_refused_total', { kind: 'voucher' })).toBe(1);
      expect(valueOf(after, 'csp_mail_messages_total', { outcome: 'sent' })).toBe(1);
      expect(after).toMatch(/csp_job_duration_seconds_count\{[^}]*outcome="ok"[^}]*\} [1-9]/);
    });

    it('counts an import check by format, outcome and rows', async () => {
      const admin = await signIn(ctx, ctx.fixture.accounts.admin.userName);
      const checked = await uploadChecked(ctx, admin, {
        formatId: 'divisions-terms',
        fileName: 'calendar.csv',
        file: [
          'division,university,term,term_start,term_end',
          'Main Campus,,Spring 2027,2027-01-11,2027-05-07',
          'Main Campus,,Fall 2026,2026-08-24,2026-12-19',
        ].join('\n'),
      });
      expect(checked.status).toBe('VALIDATED');
      const text = await read();
      const run = { format: 'divisions-terms', step: 'check', outcome: 'valid' };
      expect(valueOf(text, 'csp_import_duration_seconds_count', run)).toBe(1);
      expect(
        valueOf(text, 'csp_import_rows_total', { format: 'divisions-terms', step: 'check' }),
      ).toBe(2);
    });

    it("shows the PostgreSQL pool's connections, and none on PGlite", async () => {
      const text = await read();
      if (engine === 'postgres') {
        const size = ctx.database.poolStats?.().size ?? 0;
        expect(size).toBeGreaterThan(0);
        expect(valueOf(text, 'csp_db_pool_connections', { state: 'max' })).toBe(size);
        expect(text).toMatch(/csp_db_pool_connections\{[^}]*state="idle"[^}]*\} \d+/);
      } else {
        expect(text).not.toContain('csp_db_pool_connections');
      }
    });
  });
});
