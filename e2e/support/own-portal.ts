import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  AUTH_HEADER,
  STORAGE_KEYS,
  fillPath,
  login,
  type Endpoint,
  type SessionResponse,
} from '@csp/contracts';
import { demoAccount, expect, type DemoUserKey } from './fixtures.ts';
import { freePort } from './free-port.ts';
import { copyDemoData, portalServerEnv, spawnPortalServer, startedServer } from './server.ts';

/*
 * A spec that changes what every other spec's shared server holds (a whole term of sections,
 * allowances that pay part of every order of 200 students) runs against a portal server of its
 * own: a copy of the demo seed's data folder, on a free port, started once for the file and
 * stopped after it.
 */

export interface OwnPortal {
  port: number;
  /** http://localhost:{port}: the demo store A website. */
  baseUrl: string;
  /** Its data folder: without SMTP_URL its e-mails are written to `mail/` in it. */
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts a portal of the spec's own; `name` marks its data folder (csp-e2e-{name}-…). */
export async function startOwnPortal(name: string): Promise<OwnPortal> {
  const dir = mkdtempSync(join(tmpdir(), `csp-e2e-${name}-`));
  const dataDir = join(dir, 'data');
  copyDemoData(dataDir);
  const [port, idpPort] = [await freePort(), await freePort()];
  const server = spawnPortalServer(portalServerEnv(port, dataDir, idpPort), 'ignore');
  const stop = await startedServer(port, server, dir);
  return { port, baseUrl: `http://localhost:${port}`, dataDir, stop };
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

/**
 * A call to the portal's API; `body` is sent as JSON, or as it is when it is a Buffer. A body
 * that is not JSON (a PDF, a workbook) is answered as text, with its length in bytes.
 */
export function portalCall<T>(
  portal: OwnPortal,
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

export interface EndpointCall {
  query?: Record<string, string | number>;
  /** JSON, or a Buffer sent as it is (with `contentType`). */
  body?: unknown;
  contentType?: string;
}

/** An endpoint of the contracts called as a signed-in client would: its path filled, its query. */
export function portalEndpoint<T>(
  portal: OwnPortal,
  session: SessionResponse,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  params: Record<string, string | number> = {},
  call: EndpointCall = {},
): Promise<RawResult<T>> {
  const search = new URLSearchParams(
    Object.entries(call.query ?? {}).map(([k, v]) => [k, String(v)]),
  ).toString();
  const path =
    fillPath(endpoint.path, { userAccountId: session.accountId, ...params }) +
    (search ? `?${search}` : '');
  return portalCall<T>(portal, endpoint.method, path, {
    body: call.body,
    headers: {
      [AUTH_HEADER]: session.token,
      ...(call.contentType ? { 'content-type': call.contentType } : {}),
    },
  });
}

/** The same, expecting 200 (the body's message in the failure when not). */
export async function portalApi<T>(
  portal: OwnPortal,
  session: SessionResponse,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  params: Record<string, string | number> = {},
  call: EndpointCall = {},
): Promise<T> {
  const res = await portalEndpoint<T>(portal, session, endpoint, params, call);
  expect(res.status, `${endpoint.method} ${endpoint.path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

export async function signIn(portal: OwnPortal, key: DemoUserKey): Promise<SessionResponse> {
  const account = demoAccount(key);
  const res = await portalCall<SessionResponse>(portal, login.method, login.path, {
    body: { userName: account.userName, password: account.password },
  });
  expect(res.status, `demo login of ${account.userName}`).toBe(200);
  return res.body;
}

/** A browser context signed in on the portal as the login page would leave it. */
export async function portalPage(
  browser: Browser,
  portal: OwnPortal,
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
