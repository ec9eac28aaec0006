import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { REPO_ROOT, startedServer } from './server.ts';

/**
 * Starts the real server on a free port with a fresh data folder and the demo seed, and builds
 * the web app meanwhile (unless E2E_SKIP_BUILD is set and a build exists). Tests read the port
 * from E2E_PORT, which Playwright passes on to its workers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'csp-e2e-'));
  const port = await freePort();
  // The demo's development identity provider gets its own free port too, so a developer's
  // running `npm start` (which holds 3001) does not clash with the tests.
  const idpPort = await freePort();
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        DEV_IDP_PORT: String(idpPort),
        // Reminder e-mails would compete for the embedded database 30 s into the run; their
        // own tests cover them.
        RENTAL_REMINDERS: 'off',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  process.env.E2E_PORT = String(port);
  process.env.E2E_DATA_DIR = dataDir;
  // The web app builds while the server seeds its demo (each on one of the two cores): the
  // server reads the build per request, not at start.
  const built = existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'));
  if (!(process.env.E2E_SKIP_BUILD && built)) {
    try {
      execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    } catch (error) {
      server.kill('SIGTERM');
      throw error;
    }
  }
  return startedServer(port, server, dataDir);
}
