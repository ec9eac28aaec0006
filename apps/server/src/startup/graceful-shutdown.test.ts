import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applyImport,
  emailSourceVouchers,
  fillPath,
  getFundingSources,
  getImport,
  getVoucherMailing,
  login,
  uploadImport,
  type ImportSummary,
  type SessionResponse,
  type VoucherMailing,
} from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';
import { DATA_MESSAGES } from '../modules/data/data-messages.ts';
import { copySeededDemo, seededPostgresDatabase } from '../test-support/seeded-demo.ts';
import { startSmtpCapture } from '../test-support/smtp-capture.ts';
import { testEngines, type Engine } from '../test-support/test-database.ts';
import {
  httpCall,
  startServerProcess,
  waitReady,
  type ServerProcess,
} from '../test-support/server-process.ts';

const engines = await testEngines();

/**
 * A call that may wait as long as an apply takes: on PGlite a request waits for the apply's
 * transaction, longer than the HTTP agent's own 5 s idle limit on a loaded machine.
 */
const call = (
  server: ServerProcess,
  method: string,
  path: string,
  options: Parameters<typeof httpCall>[3] = {},
) => httpCall(server.port, method, path, { timeoutMs: 120_000, ...options });

/**
 * Rows of the products file, in the apply's 5,000-row chunks (CHUNK_ROWS). On PostgreSQL, four:
 * SIGTERM comes once the first is written, with two or three still to go, so the stop always
 * lands between two of them. On PGlite, two: SIGTERM comes as the apply begins, and the log's
 * "import apply stopped for shutdown" says it landed mid-apply (20,000 rows took a minute of a
 * CI worker there for nothing more).
 */
const ROWS_ON: Record<Engine, number> = { postgres: 20_000, pglite: 10_000 };

/** A valid ISBN-13 for each number (978, nine digits, the check digit). */
function isbn(n: number): string {
  const body = `978${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const productsCsv = (rows: number) =>
  [
    'isbn,isbn10,title,author,edition,publisher,list_price',
    ...Array.from(
      { length: rows },
      (_, i) => `${isbn(i + 1)},,Shutdown Test Book ${i + 1},Author ${i},1st,Press,19.95`,
    ),
  ].join('\n');

async function signIn(server: ServerProcess): Promise<SessionResponse> {
  const cma = DEMO_ACCOUNTS.find((a) => a.userName === 'cma@demo-university.edu')!;
  const res = await call(server, login.method, login.path, {
    body: { userName: cma.userName, password: cma.password },
  });
  expect(res.status, res.body).toBe(200);
  return res.json<SessionResponse>();
}

async function importOf(server: ServerProcess, session: SessionResponse, importId: number) {
  const path = fillPath(getImport.path, { userAccountId: session.accountId, importId });
  const res = await call(server, 'GET', path, { token: session.token });
  expect(res.status, res.body).toBe(200);
  return res.json<ImportSummary>();
}

/**
 * Between two polls of a condition: polling back to back kept a core busy with requests that
 * PGlite can only queue behind the work being waited for.
 */
const POLL_PAUSE_MS = 100;

/** Polls the import until `done` holds of it, a short pause between two requests. */
async function until(
  server: ServerProcess,
  session: SessionResponse,
  importId: number,
  done: (i: ImportSummary) => boolean,
): Promise<ImportSummary> {
  for (;;) {
    const summary = await importOf(server, session, importId);
    if (done(summary)) return summary;
    if (server.exited()) throw new Error(`server exited:\n${server.output.join('')}`);
    await sleep(POLL_PAUSE_MS);
  }
}

function applyCall(server: ServerProcess, session: SessionResponse, importId: number) {
  const path = fillPath(applyImport.path, { userAccountId: session.accountId, importId });
  return call(server, applyImport.method, path, { token: session.token });
}

function emailVouchers(server: ServerProcess, session: SessionResponse, sourceId: number) {
  const path = fillPath(emailSourceVouchers.path, { userAccountId: session.accountId, sourceId });
  return call(server, emailSourceVouchers.method, path, { token: session.token });
}

/**
 * Server processes of one test on their own copy of the demo, seeded once this run (a data folder
 * or a database cloned from it, so no process seeds); all stopped (and it dropped) at the end.
 */
function portals(engine: Engine) {
  const cleanups: (() => Promise<void>)[] = [];
  let env: Record<string, string> | null = null;
  return {
    cleanups,
    /** The first process (a new copy of the demo), or one on the same data after it. */
    async start(extra: Record<string, string>, after?: ServerProcess): Promise<ServerProcess> {
      if (!env) {
        env = { LOG_LEVEL: 'info', RENTAL_REMINDERS: 'off', ...extra };
        if (engine === 'postgres') {
          const database = await seededPostgresDatabase();
          cleanups.push(() => database.close());
          env['DATABASE_URL'] = database.url;
        }
      }
      let dataDir = after?.dataDir;
      if (!dataDir) {
        dataDir = mkdtempSync(join(tmpdir(), 'csp-server-'));
        if (engine === 'pglite') await copySeededDemo(dataDir);
      }
      const server = await startServerProcess(env, { dataDir });
      cleanups.push(() => server.stop());
      await waitReady(server, 120_000);
      return server;
    },
    async stopAll() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/** The SIGTERM a process manager sends; resolves with the exit code and what it printed. */
async function terminate(server: ServerProcess): Promise<{ code: number | null; log: string }> {
  server.child.kill('SIGTERM');
  const code = await server.exit;
  return { code, log: server.output.join('') };
}

describe.each(engines)('SIGTERM during an import apply (%s)', (engine) => {
  const servers = portals(engine);
  afterAll(() => servers.stopAll());

  it('stops at a safe point, exits 0, and after a restart the import applies whole', async () => {
    const rows = ROWS_ON[engine];
    const first = await servers.start({});
    let session = await signIn(first);

    const upload = await call(
      first,
      'POST',
      `${fillPath(uploadImport.path, { userAccountId: session.accountId })}?formatId=products-prices&fileName=products.csv`,
      { token: session.token, raw: { body: productsCsv(rows), contentType: 'text/csv' } },
    );
    expect(upload.status, upload.body).toBe(202);
    const { importId } = upload.json<ImportSummary>();
    const checked = await until(first, session, importId, (i) => i.status !== 'VALIDATING');
    expect(checked).toMatchObject({ status: 'VALIDATED', rowsValid: rows, added: rows });

    const apply = await applyCall(first, session, importId);
    expect(apply.status, apply.body).toBe(202);
    // PostgreSQL answers while the apply's transaction is open: wait until rows are written in
    // it. (PGlite serves one transaction at a time: there the apply has just begun.)
    if (engine === 'postgres') {
      await until(first, session, importId, (i) => (i.progress?.done ?? 0) > 0);
    }
    const { code, log } = await terminate(first);
    expect(code).toBe(0);
    expect(log).toContain('import apply stopped for shutdown');
    expect(log).toContain('shut down cleanly');

    const second = await servers.start({}, first);
    session = await signIn(second);
    // Nothing of the stopped apply was kept, and the import can be applied again.
    expect(await importOf(second, session, importId)).toMatchObject({
      status: 'VALIDATED',
      errorMessage: DATA_MESSAGES.interruptedApply,
    });
    const again = await applyCall(second, session, importId);
    expect(again.status, again.body).toBe(202);
    // Its figures must equal the check's or it would be checked again: nothing was half-kept.
    const applied = await until(second, session, importId, (i) => i.status !== 'APPLYING');
    expect(applied).toMatchObject({ status: 'APPLIED', added: rows, updated: 0 });
  }, 400_000);
});

/** A source of the demo store with vouchers left to e-mail, and its mailing figures. */
async function sourceToMail(server: ServerProcess, session: SessionResponse) {
  const params = { userAccountId: session.accountId };
  const list = await call(server, 'GET', fillPath(getFundingSources.path, params), {
    token: session.token,
  });
  expect(list.status, list.body).toBe(200);
  for (const { sourceId } of list.json<{ sources: { sourceId: number }[] }>().sources) {
    const mailing = await voucherMailing(server, session, sourceId);
    if (mailing.unsent >= 5) return { sourceId, mailing };
  }
  throw new Error('no demo funding source has five vouchers to e-mail');
}

async function voucherMailing(server: ServerProcess, session: SessionResponse, sourceId: number) {
  const path = fillPath(getVoucherMailing.path, { userAccountId: session.accountId, sourceId });
  const res = await call(server, 'GET', path, { token: session.token });
  expect(res.status, res.body).toBe(200);
  return res.json<VoucherMailing>();
}

describe.each(engines)('SIGTERM during a voucher mailing (%s)', (engine) => {
  const servers = portals(engine);
  afterAll(() => servers.stopAll());

  it('stops between two e-mails, exits 0, and after a restart no student is mailed twice', async () => {
    const smtp = await startSmtpCapture();
    servers.cleanups.push(() => smtp.close());
    const first = await servers.start({ SMTP_URL: smtp.url });
    let session = await signIn(first);
    const { sourceId, mailing: before } = await sourceToMail(first, session);

    // The third message waits at the mail server: the run is mid-send when SIGTERM comes.
    const slow = smtp.holdAfter(3);
    const started = await emailVouchers(first, session, sourceId);
    expect(started.status, started.body).toBe(202);
    await slow.holding;
    const stopping = terminate(first);
    slow.release();
    const { code, log } = await stopping;
    expect(code).toBe(0);
    expect(log).toContain('shut down cleanly');
    const sentBefore = smtp.messages.length;
    // It stopped mid-run: the held message went out, the ones after it did not.
    expect(sentBefore).toBeGreaterThanOrEqual(3);
    expect(sentBefore).toBeLessThan(before.unsent);

    const second = await servers.start({}, first);
    session = await signIn(second);
    // The stopped run recorded what it sent and released the rest.
    const after = await voucherMailing(second, session, sourceId);
    expect(after).toMatchObject({ sending: 0, emailed: before.emailed + sentBefore });
    expect(after.unsent).toBe(before.unsent - sentBefore);
    const rest = await emailVouchers(second, session, sourceId);
    expect([200, 202]).toContain(rest.status);
    for (;;) {
      const now = await voucherMailing(second, session, sourceId);
      if (now.unsent === 0 && now.sending === 0) break;
      await sleep(POLL_PAUSE_MS);
    }
    // Every voucher went out once: as many messages as vouchers, each to another student.
    const recipients = smtp.messages.flatMap((m) => m.to);
    expect(recipients).toHaveLength(before.unsent);
    expect(new Set(recipients).size).toBe(before.unsent);
  }, 400_000);
});
