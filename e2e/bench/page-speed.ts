// `npm run bench` (web part): the weight and speed of the pages staff open first, against a bare
// React + MUI page built and measured the same way in the same run (issue 26):
// - each page's JavaScript (gzip, every script it loads until the network is idle): at most
//   1.6x the bare page's;
// - Lighthouse performance (mobile, simulated slow 4G, its defaults), median of 3 runs: at least
//   0.95; its cumulative layout shift (median): at most 0.05. Total blocking time is reported.
// It builds the web app, starts the server with the demo seed (as the e2e suite does), and
// exits non-zero when a budget is missed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { STORAGE_KEYS, login, type SessionResponse } from '@csp/contracts';
import { DEMO_ACCOUNTS } from '../../apps/server/src/db/seed/demo-accounts.ts';
import globalSetup from '../support/global-setup.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { REPO_ROOT, e2ePort } from '../support/server.ts';
import { bareReactMuiPage } from './bare-page.ts';

const MAX_JS_RATIO = 1.6;
const MIN_PERFORMANCE = 0.95;
const MAX_CLS = 0.05;
const RUNS = 3;
const SIGNED_IN_PATHS = ['/dashboard', '/adopt', '/research'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** The JavaScript a page loads, gzip-compressed file by file as the server sends it. */
async function pageJs(browser: Browser, url: string): Promise<{ bytes: number; files: number }> {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.close();
  const bytes = [...scripts].reduce(
    (sum, path) => sum + gzipSync(readFileSync(join(REPO_ROOT, 'apps/web/dist', path))).length,
    0,
  );
  return { bytes, files: scripts.size };
}

interface Speed {
  score: number;
  cls: number;
  tbtMs: number;
  /** The element that shifted most in the run with the most shift, for a missed CLS budget. */
  shifted?: string;
}

interface ShiftItem {
  score: number;
  node?: { selector?: string; nodeLabel?: string };
}

/** Lighthouse's `layout-shifts` audit, its worst element: what to give a reserved place. */
function worstShift(details: unknown): string | undefined {
  const items = (details as { items?: ShiftItem[] } | undefined)?.items ?? [];
  const worst = [...items].sort((a, b) => b.score - a.score)[0];
  if (!worst?.node) return undefined;
  const label = (worst.node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 60);
  return `${worst.node.selector} ("${label}", ${worst.score.toFixed(3)})`;
}

/** Lighthouse's performance category, the median of RUNS runs of each figure. */
async function pageSpeed(port: number, url: string): Promise<Speed> {
  const runs: Speed[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      // Keeps the session the signed-in pages need in local storage.
      disableStorageReset: true,
    });
    const audits = result?.lhr.audits;
    runs.push({
      score: result?.lhr.categories['performance']?.score ?? 0,
      cls: audits?.['cumulative-layout-shift']?.numericValue ?? Infinity,
      tbtMs: audits?.['total-blocking-time']?.numericValue ?? Infinity,
      shifted: worstShift(audits?.['layout-shifts']?.details),
    });
  }
  return {
    score: median(runs.map((r) => r.score)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    shifted: [...runs].sort((a, b) => b.cls - a.cls)[0]!.shifted,
  };
}

/** Signs the demo administrator in the way the login page does: the session in local storage. */
async function signIn(browser: Browser, origin: string): Promise<void> {
  const admin = DEMO_ACCOUNTS[0]!;
  const res = await fetch(`${origin}${login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: admin.userName, password: admin.password }),
  });
  const session = (await res.json()) as SessionResponse;
  const page = await browser.newPage();
  await page.goto(`${origin}/login`, { waitUntil: 'networkidle0' });
  await page.evaluate(
    (entries: [string, string][]) => entries.forEach(([k, v]) => localStorage.setItem(k, v)),
    [
      [STORAGE_KEYS.token, session.token],
      [STORAGE_KEYS.username, session.userName],
      [STORAGE_KEYS.password, session.rememberSecret],
    ] as [string, string][],
  );
  await page.close();
}

// Checked first: without the browser the run would fail after starting the server.
if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `No Chromium at ${CHROMIUM_PATH} (install Debian's chromium or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const stop = await globalSetup();
const bare = await bareReactMuiPage();
const origin = `http://localhost:${e2ePort()}`;
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
let failures = 0;
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const report = async (label: string, url: string, js: { bytes: number; files: number }) => {
    const ratio = js.bytes / bare.jsGzipBytes;
    const speed = await pageSpeed(chrome.port, url);
    const missed = [
      ratio > MAX_JS_RATIO && label !== 'bare page' ? 'JavaScript' : '',
      speed.score < MIN_PERFORMANCE ? 'performance' : '',
      speed.cls > MAX_CLS ? 'layout shift' : '',
    ].filter(Boolean);
    failures += missed.length;
    console.log(
      `${label.padEnd(10)} JS ${(js.bytes / 1000).toFixed(0)} kB gzip in ${js.files} files, ${ratio.toFixed(2)}x; Lighthouse ${speed.score.toFixed(2)}, CLS ${speed.cls.toFixed(3)}, TBT ${speed.tbtMs.toFixed(0)} ms${missed.length ? `; MISSED: ${missed.join(', ')}` : ''}`,
    );
    if (speed.cls > MAX_CLS) console.log(`           most shifted: ${speed.shifted ?? 'unknown'}`);
  };
  console.log(
    `Budgets: JavaScript <= ${MAX_JS_RATIO}x the bare page, Lighthouse >= ${MIN_PERFORMANCE}, CLS <= ${MAX_CLS} (medians of ${RUNS} runs)`,
  );
  await report('bare page', bare.url, { bytes: bare.jsGzipBytes, files: bare.jsFiles });
  // /login before signing in: a signed-in visitor is sent on to the dashboard.
  await report('/login', `${origin}/login`, await pageJs(browser, `${origin}/login`));
  await signIn(browser, origin);
  for (const path of SIGNED_IN_PATHS) {
    await report(path, `${origin}${path}`, await pageJs(browser, `${origin}${path}`));
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  await bare.close();
  await stop();
}
if (failures) {
  console.error(`${failures} page budget(s) missed.`);
  process.exit(1);
}
