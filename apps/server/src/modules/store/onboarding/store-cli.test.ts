import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWebsite } from '@csp/contracts';
import { DATA_FOLDER_LOCK_FILE } from '../../../db/data-folder-lock.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';

const SERVER_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CREATE = [
  'create',
  '--name',
  'Example University Bookstore',
  '--code',
  'EXU',
  '--host',
  'bookstore.example.edu',
  '--title',
  'Example University Bookstore',
  '--admin-email',
  'ada@example.edu',
  '--admin-name',
  'Ada Lovelace',
];

/** The real command line: `npm run store -- ...` runs this file with tsx. */
function store(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/modules/store/onboarding/store-cli.ts', ...args],
      {
        cwd: SERVER_ROOT,
        env: { ...process.env, SEED_DEMO: 'false', SMTP_URL: '', DATABASE_URL: '', ...env },
        timeout: 60_000,
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

describe('npm run store on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'csp-store-cli-'));
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the store and leaves the invitation in the outbox; run again it mails nothing', async () => {
    const first = await store(CREATE, env);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Store EXU (Example University Bookstore): created');
    expect(first.out).toContain('Invitation e-mailed');
    const mail = readdirSync(join(dataDir, 'mail'));
    expect(mail).toHaveLength(1);
    const invitation = readFileSync(join(dataDir, 'mail', mail[0] ?? ''), 'utf8');
    expect(invitation).toContain('http://bookstore.example.edu:3000/reset-password?token=');
    // From the new store, by its name, on MAIL_FROM's address.
    expect(invitation).toMatch(/^From: Example University Bookstore <no-reply@localhost>\r?$/m);

    const again = await store(CREATE, env);
    expect(again.code).toBe(0);
    expect(again.out).toContain('Store EXU (Example University Bookstore): already there');
    expect(again.out).toContain('not sent again');
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
  });

  it('moves the website to another host', async () => {
    const moved = await store(
      ['move-website', '--host', 'bookstore.example.edu', '--to', 'Books.Example.EDU'],
      env,
    );
    expect(moved.err).toBe('');
    expect(moved.out).toBe(
      'Website bookstore.example.edu moved to books.example.edu (http://books.example.edu:3000)\n',
    );
  });

  it('names every bad option and exits 2', async () => {
    const bad = await store(
      ['create', '--name', 'X Store', '--host', 'a b', '--primary', '#ffee00'],
      env,
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--host: is not a host name');
    expect(bad.err).toContain('--title: is required');
    expect(bad.err).toContain('--primary: is too light for white text');
    expect(bad.err).toContain('--admin-email: is not an e-mail address');
    expect(bad.err).not.toContain('    at ');
  });

  it('refuses a folder a running process holds, saying to stop it first', async () => {
    // This test process is a live Node.js process: as if the server had the folder open.
    const lock = {
      pid: process.pid,
      since: new Date().toISOString(),
      command: 'the portal server',
    };
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), JSON.stringify(lock));
    try {
      const busy = await store(['list'], env);
      expect(busy.code).toBe(1);
      expect(busy.err).toContain(
        `is in use by another process (the portal server, pid ${process.pid}`,
      );
      expect(busy.err).toContain('Stop it first');
    } finally {
      rmSync(join(dataDir, DATA_FOLDER_LOCK_FILE));
    }
  });
});

const postgres = (await testEngines()).filter((engine) => engine === 'postgres');

describe.each(postgres)('npm run store beside a running server (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => ctx?.close());

  it('adds a store the running app serves at once', async () => {
    const url = ctx.database.url ?? '';
    const dataDir = mkdtempSync(join(tmpdir(), 'csp-store-cli-pg-'));
    try {
      const made = await store(CREATE, { DATABASE_URL: url, DATA_DIR: dataDir });
      expect(made.code, made.err).toBe(0);
      const site = await ctx.app.inject({
        method: 'GET',
        url: getWebsite.path,
        query: { searchString: 'bookstore.example.edu' },
      });
      expect(site.statusCode).toBe(200);
      const listed = await store(['list'], { DATABASE_URL: url, DATA_DIR: dataDir });
      expect(listed.out).toMatch(/EXU {2}Example University Bookstore {2}\(1 accounts\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
