// `npm start`: builds the web app and the server when their sources changed since the last
// build, then runs the built server (which creates the embedded database, migrates and seeds
// demo data on first run).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_INPUTS, buildServer } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether `built` is missing or older than one of `inputs` (paths under the root). */
function isStale(built, inputs) {
  const paths = inputs.map((p) => join(root, p)).filter((p) => existsSync(p));
  return !existsSync(built) || Math.max(...paths.map(newestMtime)) > statSync(built).mtimeMs;
}

const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];
if (isStale(builtIndex, webInputs)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const builtServer = join(root, SERVER_ENTRY);
if (isStale(builtServer, SERVER_INPUTS)) {
  console.log('Building the server…');
  await buildServer(root);
}

const server = spawn(process.execPath, [builtServer], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
