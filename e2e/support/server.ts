import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build-server.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Waits until the server answers the website lookup, or fails if it exits first. */
export async function waitForServer(port: number, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error('The server exited during start-up; see its output above.');
    try {
      const res = await fetch(
        `http://127.0.0.1:${port}/app-rest/portal/v1/website?searchString=localhost`,
      );
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer on port ${port} within ${timeoutMs} ms.`);
}

/**
 * Waits for a started server and answers how to stop it: SIGTERM, wait for it to exit, then
 * remove its data folder (unless `keepData`). A server that never comes up is stopped (and cleaned) before the
 * error is thrown.
 */
export async function startedServer(
  port: number,
  server: ChildProcess,
  dataDir: string,
  { keepData = false } = {},
): Promise<() => Promise<void>> {
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(port, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** The port the global setup's server listens on. */
export function e2ePort(): number {
  const port = Number(process.env.E2E_PORT);
  if (!port) throw new Error('E2E_PORT is not set: run through the Playwright global setup.');
  return port;
}

/** Demo hosts as a browser reaches them: two websites of store A and store B's website. */
/** `unknown-store.localhost`: an address no store is configured for. */
export function hostUrl(
  host: 'localhost' | '127.0.0.1' | 'bookstore-b.localhost' | 'unknown-store.localhost',
): string {
  return `http://${host}:${e2ePort()}`;
}

/** The environment of every portal server the suite starts (the demo seed on PGlite). */
export function portalServerEnv(port: number, dataDir: string, idpPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DEV_IDP_PORT: String(idpPort),
    // Reminder e-mails would compete for the embedded database 30 s into the run; their own
    // tests cover them.
    RENTAL_REMINDERS: 'off',
    // Campaign e-mails go out when a step due today is scheduled; the hourly run is not needed.
    CAMPAIGN_EMAILS: 'off',
  };
}

/** A portal server process on `dataDir` (seeding the demo there when the folder is empty). */
export function spawnPortalServer(
  env: NodeJS.ProcessEnv,
  output: 'inherit' | 'ignore' = 'inherit',
): ChildProcess {
  const built = process.env[E2E_SERVER_ENV];
  const command = built
    ? [built]
    : ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/server.ts')];
  return spawn(process.execPath, command, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', output, 'inherit'],
  });
}

/** Where the workers find the server build the global setup made. */
export const E2E_SERVER_ENV = 'E2E_SERVER_ENTRY';

/**
 * Builds the server as `npm start` does (scripts/build-server.mjs) into a folder of this run's
 * under node_modules/.cache, so every portal runs what a store runs and none compiles the
 * sources at start (about 3 s of CPU each). Answers how to remove it.
 */
export async function buildPortalServer(): Promise<() => void> {
  const cache = join(REPO_ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'csp-e2e-server-'));
  await buildServer(REPO_ROOT, outdir);
  process.env[E2E_SERVER_ENV] = join(outdir, 'server.js');
  return () => rmSync(outdir, { recursive: true, force: true });
}

/**
 * Copies the demo data folder the global setup seeded once (E2E_TEMPLATE_DIR) to `dataDir`: a
 * server started on the copy skips the seed, about 12 s of a worker for each portal of a
 * spec's own. The copy is the seed as it was, before any spec changed the shared server's.
 */
export function copyDemoData(dataDir: string): void {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error('E2E_TEMPLATE_DIR is not set: run through the global setup.');
  cpSync(template, dataDir, { recursive: true });
}
