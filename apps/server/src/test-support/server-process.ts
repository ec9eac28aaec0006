import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_HEADER, readiness } from '@csp/contracts';
import { serverCommand } from './built-server.ts';
import { freePort } from './private-postgres.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP call to a server on 127.0.0.1 with a chosen Host header (fetch may not set Host).
 * `timeoutMs` bounds it: a reply that takes longer rejects with a 'hung' error.
 */
export function httpCall(
  port: number,
  method: string,
  path: string,
  options: {
    body?: unknown;
    /** A body sent as it is (a CSV upload) with this content type, instead of JSON. */
    raw?: { body: string; contentType: string };
    token?: string;
    host?: string;
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  const payload = options.raw
    ? options.raw.body
    : options.body === undefined
      ? undefined
      : JSON.stringify(options.body);
  const contentType = options.raw?.contentType ?? 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        timeout: options.timeoutMs,
        headers: {
          host: options.host ?? `localhost:${port}`,
          ...(payload && { 'content-type': contentType }),
          ...(options.token && { [AUTH_HEADER]: options.token }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('hung')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A real server process, as `npm start` runs it (this run's build), on a free port. */
export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything it printed, stdout and stderr. */
  output: string[];
  /** Whether it has exited (crashed, unless we stopped it). */
  exited(): boolean;
  /** Its data folder (the embedded database and uploads). */
  dataDir: string;
  /** SIGTERM, then waits for the exit; removes its data folder unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Resolves with the exit code (null for a signal) once the process has exited. */
  exit: Promise<number | null>;
}

export async function startServerProcess(
  env: Record<string, string>,
  options: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'csp-server-'));
  const output: string[] = [];
  const child = spawn(process.execPath, serverCommand(), {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEV_IDP_PORT: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: '',
      WEB_DIST: join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    child,
    output,
    dataDir,
    exit,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exit;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once /health/ready answers 200; rejects if the process exits or takes too long. */
export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error(`server exited:\n${server.output.join('')}`);
    const res = await httpCall(server.port, 'GET', readiness.path).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output.join('')}`);
}
