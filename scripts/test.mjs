// `npm test`: every test. Unit and server tests (Vitest: PGlite always, PostgreSQL as well
// when one is reachable), then the end-to-end suite (Playwright on Debian's Chromium).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['npx', ['vitest', 'run']],
  ['npm', ['run', 'test:e2e']],
];
for (const [cmd, args] of steps) {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  console.log(`== ${cmd} ${args.join(' ')}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
