import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TEST_BROWSER_PATH } from './support/chromium.ts';

/** The specs that open a label PDF in a new tab and read it there. */
const PDF_TAB_SPECS = 'students/rentals.spec.ts';
/**
 * Specs that change, for a while, figures other specs compare on the shared server (a section's
 * cost designation, which the dashboard's shares and the cost report count): they run after
 * the rest, beside the print chain.
 */
const LATE_SPECS = ['research/cost-designation.spec.ts'];
const FULL_CHROMIUM = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * Playwright drives Debian's Chromium headless shell (never a downloaded browser) against the
 * built web app and a real server that global setup starts on a free port with a fresh data
 * folder.
 */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    // As a user who asks their system for reduced motion: the portal then opens and closes
    // dialogs, menus and drawers at once (src/app/theme/brand-theme.ts). Nothing waits for a
    // fade, and software-rendered animation frames no longer compete with the tests for the
    // machine's two cores. The unit tests keep the fades (reduced-motion.test.tsx).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: TEST_BROWSER_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['print-chain/**', PDF_TAB_SPECS, ...LATE_SPECS],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // A return's label opens as a PDF in a new tab, as in a clerk's browser: the headless shell
    // has no PDF viewer (it would download the file), so these specs run on the full Chromium.
    {
      name: 'chromium-pdf-viewer',
      testMatch: PDF_TAB_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: FULL_CHROMIUM },
    },
    {
      name: 'late',
      testMatch: LATE_SPECS,
      dependencies: ['chromium', 'chromium-pdf-viewer'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The print chain's specs run the workstation's print services on their fixed ports (9090,
    // 41951): every page on the machine would print through them, so they run alone, after
    // the rest (whose returns expect label tabs), one at a time.
    {
      name: 'print-chain',
      testMatch: 'print-chain/**/*.spec.ts',
      dependencies: ['chromium', 'chromium-pdf-viewer'],
      fullyParallel: false,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        ignoreHTTPSErrors: true,
        launchOptions: FULL_CHROMIUM,
      },
    },
  ],
});
