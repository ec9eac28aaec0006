import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { AUTH_HEADER, liveness } from '@csp/contracts';

/**
 * Clients for the resource-limits suite: an upload over a real socket (a file from disk with
 * its Content-Length, or a chunked body with none), a liveness poller on a second connection,
 * and the peak memory of a server process.
 */

export interface UploadAnswer {
  status: number;
  body: string;
  json<T = { message?: string; field?: string }>(): T;
}

export interface UploadTarget {
  port: number;
  path: string;
  host: string;
  token: string;
  contentType?: string;
  /** POST unless told (a logo is PUT). */
  method?: 'POST' | 'PUT';
}

/**
 * Sends a body and answers the server's reply. `body` is a file (sent with its length) or a
 * number of bytes sent chunked, without a length. As soon as the reply starts, the client stops
 * sending, as browsers and curl do; a connection reset before any reply rejects.
 */
export function sendUpload(
  target: UploadTarget,
  body: { file: string } | { chunkedBytes: number },
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = {
      host: target.host,
      [AUTH_HEADER]: target.token,
      'content-type': target.contentType ?? 'application/octet-stream',
    };
    if ('file' in body) headers['content-length'] = String(statSync(body.file).size);
    else headers['transfer-encoding'] = 'chunked';
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: target.method ?? 'POST',
        path: target.path,
        headers,
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) });
          req.destroy();
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if ('file' in body) {
      const file = createReadStream(body.file);
      file.pipe(req);
      req.on('response', () => file.unpipe(req));
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (!answered && sent < body.chunkedBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/**
 * The poller runs in a process of its own: in the server's process a blocked event loop would
 * block the poller's timers too, and a stall between two polls would go unseen. It asks, one
 * call after another on a new connection each (every 100 ms at most), and prints the slowest
 * answer when told to stop (its standard input closes). A call is given 30 s, what a liveness
 * probe gives: a stalled server shows as its stall.
 */
const POLLER = `
const http = require('node:http');
const [port, path] = process.argv.slice(1);
let running = true, slowest = 0, polls = 0;
process.stdin.on('end', () => { running = false; });
process.stdin.resume();
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = http.request({ host: '127.0.0.1', port, path, agent: false, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Infinity));
  });
  req.on('timeout', () => req.destroy(new Error('hung')));
  req.on('error', () => resolve(Infinity));
  req.end();
});
(async () => {
  process.stdout.write('started\\n');
  while (running) {
    const ms = await once();
    polls++;
    slowest = Math.max(slowest, ms);
    if (ms < 100) await new Promise((r) => setTimeout(r, 100 - ms));
  }
  process.stdout.write(JSON.stringify({ slowest: Number.isFinite(slowest) ? slowest : null, polls }) + '\\n');
})();
`;

/**
 * Polls /health/live from another process while `work` runs; answers what the work answered,
 * the slowest poll in ms (Infinity when one failed) and how many polls there were.
 */
export async function whileLive<T>(
  port: number,
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number; polls: number }> {
  const poller = spawn(process.execPath, ['-e', POLLER, String(port), liveness.path], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  poller.stdout.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(poller, 'exit');
  while (!output.includes('started')) await once(poller.stdout, 'data');
  try {
    const result = await work();
    poller.stdin.end();
    await exited;
    const report = JSON.parse(output.split('\n')[1] ?? '{}') as {
      slowest: number | null;
      polls: number;
    };
    return { result, slowestMs: report.slowest ?? Infinity, polls: report.polls };
  } finally {
    poller.kill();
  }
}

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
};

/**
 * How far the resident memory of process `pid` rose above where it stood, at its highest while
 * `work` ran, in MiB: the kernel's own peak (VmHWM, reset first through clear_refs), so a
 * spike between two samples is not missed.
 */
export async function peakGrowthMiB<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; growthMiB: number }> {
  const before = statusKb(pid, 'VmRSS');
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const result = await work();
  return { result, growthMiB: (statusKb(pid, 'VmHWM') - before) / 1024 };
}
