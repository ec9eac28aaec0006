import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  AUTH_HEADER,
  STORAGE_KEYS,
  fillPath,
  login,
  uploadImport,
  type SessionResponse,
} from '@csp/contracts';
import { demoAccount, expect, type DemoUserKey } from './fixtures.ts';
import { freePort } from './free-port.ts';
import { REPO_ROOT, startedServer } from './server.ts';

/*
 * The data import specs change the store's data (a whole term of sections), which every other
 * spec's server shares. So they run against a portal server of their own: a fresh data folder
 * with the demo seed, on a free port, started once for the file and stopped after it.
 */

export interface DataPortal {
  port: number;
  /** http://localhost:{port}: the demo store A website. */
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startDataPortal(): Promise<DataPortal> {
  const dir = mkdtempSync(join(tmpdir(), 'csp-e2e-data-'));
  const [port, idpPort] = [await freePort(), await freePort()];
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        DEV_IDP_PORT: String(idpPort),
        RENTAL_REMINDERS: 'off',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = await startedServer(port, server, dir);
  return { port, baseUrl: `http://localhost:${port}`, stop };
}

export interface RawResult<T> {
  status: number;
  body: T;
}

function readBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

/** A call to the data portal's API; `body` is sent as JSON, or as it is when it is a Buffer. */
export function portalCall<T>(
  portal: DataPortal,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawResult<T>> {
  const raw = Buffer.isBuffer(options.body);
  const payload =
    options.body === undefined
      ? undefined
      : raw
        ? (options.body as Buffer)
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: portal.port,
        method,
        path,
        headers: {
          host: `localhost:${portal.port}`,
          ...(payload && !raw ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: readBody(text) as T });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export async function signIn(portal: DataPortal, key: DemoUserKey): Promise<SessionResponse> {
  const account = demoAccount(key);
  const res = await portalCall<SessionResponse>(portal, login.method, login.path, {
    body: { userName: account.userName, password: account.password },
  });
  expect(res.status, `demo login of ${account.userName}`).toBe(200);
  return res.body;
}

/** A browser context signed in on the data portal as the login page would leave it. */
export async function portalPage(
  browser: Browser,
  portal: DataPortal,
  key: DemoUserKey,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; session: SessionResponse }> {
  const session = await signIn(portal, key);
  const context = await browser.newContext({
    viewport,
    storageState: {
      cookies: [],
      origins: [
        {
          origin: portal.baseUrl,
          localStorage: [
            { name: STORAGE_KEYS.token, value: session.token },
            { name: STORAGE_KEYS.username, value: session.userName },
            { name: STORAGE_KEYS.password, value: session.rememberSecret },
          ],
        },
      ],
    },
  });
  return { context, page: await context.newPage(), session };
}

/** Sends a feed file through the API as a client would (the raw file as the body). */
export function uploadThroughApi(
  portal: DataPortal,
  session: SessionResponse,
  file: { path: string; name: string },
  query: { formatId: string; divisionId?: number },
) {
  const search = new URLSearchParams({ formatId: query.formatId, fileName: file.name });
  if (query.divisionId !== undefined) search.set('divisionId', String(query.divisionId));
  const path = `${fillPath(uploadImport.path, { userAccountId: session.accountId })}?${search}`;
  return portalCall<{ message?: string; status?: string }>(portal, 'POST', path, {
    body: readFileSync(file.path),
    headers: { [AUTH_HEADER]: session.token, 'content-type': 'text/csv' },
  });
}

/**
 * The real Fall 2025 section list of the University of Illinois (public records, via
 * wadefagen/datasets; see the fixtures folder's notes), as the server's tests keep it.
 */
export const UIUC_FALL_2025 = {
  path: join(REPO_ROOT, 'apps/server/src/modules/data/fixtures/uiuc_grades_2025-fa_by_crn.csv'),
  name: 'uiuc_grades_2025-fa_by_crn.csv',
  formatId: 'uiuc-grades-by-crn',
  division: 'Main Campus',
};

type UiucRow = Record<
  'CRN' | 'Course Subject' | 'Course Number' | 'Course Title' | 'Course Section',
  string
>;

/** Facts of the file read with an independent CSV parser: its rows, and one course in it. */
export function uiucFacts() {
  const rows = parse(readFileSync(UIUC_FALL_2025.path), {
    columns: true,
    skip_empty_lines: true,
  }) as UiucRow[];
  const first = rows[0]!;
  const course = {
    subject: first['Course Subject'],
    number: first['Course Number'],
    title: first['Course Title'],
  };
  const sections = rows
    .filter((r) => r['Course Subject'] === course.subject && r['Course Number'] === course.number)
    .map((r) => r['Course Section']);
  return { rows: rows.length, course, sections };
}
