import { existsSync } from 'node:fs';

/** Debian's Chromium; the flags keep it from reaching for the network this machine lacks. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: Debian's Chromium headless shell (`chromium-headless-shell`, the
 * same engine without the browser's window and profile machinery, which is what Playwright
 * itself runs headless tests on) where it is installed; it spends about a seventh less CPU per
 * spec than the full browser on this project's 2-core machines. CHROMIUM_PATH overrides it.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
