import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { localHealthCheck } from '@csp/contracts';
import { tempDir } from './support/agent.ts';

const AGENT_DIR = fileURLToPath(new URL('..', import.meta.url));
const PORTAL = 'https://my.store.example';

/** Runs `src/main.ts` as the one-line start does (tsx), with only the given environment. */
function startAgent(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: AGENT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with the URL the agent logs once it listens. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /print service listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.on('close', (code) =>
      reject(new Error(`agent exited (${code}) before listening: ${seen}`)),
    );
  });
}

function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('csp-print-agent (the process)', () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it('refuses to start without a portal origin, saying how to give one (exit 1)', async () => {
    const result = await exitOf(startAgent([]));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--portal-origin https://my.store.example');
  });

  it('refuses a bad PORTAL_ORIGINS (exit 1), naming it', async () => {
    const result = await exitOf(startAgent([], { PORTAL_ORIGINS: 'my.store.example' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/PORTAL_ORIGINS: "my.store.example" is not an origin/);
  });

  it('listens, logs where and whom it trusts, answers, and stops cleanly on SIGTERM', async () => {
    const child = startAgent(['--port', '0'], {
      PORTAL_ORIGINS: PORTAL,
      PRINT_AGENT_STATE: join(tmp.dir, 'state.json'),
    });
    const exited = exitOf(child);
    const url = await listeningUrl(child);

    const res = await get(`${url}${localHealthCheck.path}`, { origin: PORTAL });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: 'UP' });
    expect(res.headers['access-control-allow-origin']).toBe(PORTAL);

    child.kill('SIGTERM');
    const result = await exited;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`trusting ${PORTAL}`);
    expect(result.stdout).toContain('stopping the print service');
  });
});
