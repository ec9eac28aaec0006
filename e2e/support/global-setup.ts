import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import {
  REPO_ROOT,
  buildPortalServer,
  copyDemoData,
  portalServerEnv,
  spawnPortalServer,
  startedServer,
} from './server.ts';

/**
 * Builds the server once (every portal runs the build, as `npm start` does), seeds the demo once into a template data folder (a server started on an empty folder, then
 * stopped), builds the web app meanwhile (unless E2E_SKIP_BUILD is set and a build exists), then
 * starts the shared server on a copy of the template. Specs that need a portal of their own copy
 * the template too (E2E_TEMPLATE_DIR) instead of seeding again. Tests read the shared server's
 * port from E2E_PORT, which Playwright passes on to its workers.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const removeServerBuild = await buildPortalServer();
  const templateRoot = mkdtempSync(join(tmpdir(), 'csp-e2e-template-'));
  const template = join(templateRoot, 'data');
  // The demo's development identity provider gets its own free port too, so a developer's
  // running `npm start` (which holds 3001) does not clash with the tests.
  const seedPort = await freePort();
  const seeding = spawnPortalServer(portalServerEnv(seedPort, template, await freePort()));
  // The web app builds while the server seeds its demo (each on one of the two cores): the
  // server reads the build per request, not at start.
  const built = existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'));
  if (!(process.env.E2E_SKIP_BUILD && built)) {
    try {
      execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    } catch (error) {
      seeding.kill('SIGTERM');
      throw error;
    }
  }
  // Stopped as `npm start` stops (SIGTERM): the embedded database closes cleanly on disk.
  const stopSeeding = await startedServer(seedPort, seeding, templateRoot, { keepData: true });
  await stopSeeding();
  process.env.E2E_TEMPLATE_DIR = template;

  const dataDir = mkdtempSync(join(tmpdir(), 'csp-e2e-'));
  copyDemoData(dataDir);
  const port = await freePort();
  const server = spawnPortalServer(portalServerEnv(port, dataDir, await freePort()));
  process.env.E2E_PORT = String(port);
  process.env.E2E_DATA_DIR = dataDir;
  const stopShared = await startedServer(port, server, dataDir);
  return async () => {
    await stopShared();
    rmSync(templateRoot, { recursive: true, force: true });
    removeServerBuild();
  };
}
