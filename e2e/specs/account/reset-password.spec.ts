import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  PASSWORD_MESSAGES,
  login,
  requestPasswordReset,
  resetPassword,
  type SessionResponse,
} from '@csp/contracts';
import { callApi } from '../../support/api.ts';
import { axeViolations } from '../../support/axe.ts';
import { demoAccount, expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

/*
 * Changes the password of store B's demo account (nobody else's specs sign in as it; the
 * store A accounts are shared by other specs running in parallel) and sets the demo password
 * back at the end. A reset signs out that account's remembered browsers.
 */
const HOST = 'bookstore-b.localhost';
const account = demoAccount('storeB');
const NEW_PASSWORD = 'harbor lights over maple 88';

test.describe.configure({ mode: 'serial' });

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run through the Playwright global setup.');
  return join(dataDir, 'mail');
}

async function mailFiles(): Promise<string[]> {
  try {
    return (await readdir(mailDir())).filter(
      (f) => f.endsWith('.eml') && f.includes(account.userName),
    );
  } catch {
    return [];
  }
}

/** Waits for the next .eml file to the account (the server writes it without SMTP_URL). */
async function nextResetLink(before: string[]): Promise<URL> {
  let file: string | undefined;
  await expect
    .poll(async () => {
      file = (await mailFiles()).find((f) => !before.includes(f));
      return file;
    })
    .toBeTruthy();
  const raw = await readFile(join(mailDir(), file ?? ''), 'utf8');
  // A quoted-printable body: undo soft line breaks and escapes before reading the link. A
  // plain one is read as it is ("token=41g…" is not an escape).
  const text = /content-transfer-encoding:\s*quoted-printable/i.test(raw)
    ? raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  expect(text).toMatch(/^Subject: Reset your password for /m);
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(text);
  if (!match) throw new Error(`No reset link in ${file}`);
  return new URL(match[0]);
}

async function expectNoViolations(page: Page, label: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await axeViolations(page), label).toEqual([]);
}

async function apiLogin(password: string): Promise<number> {
  const res = await callApi<SessionResponse>(HOST, login.method, login.path, {
    userName: account.userName,
    password,
  });
  return res.status;
}

/** Puts the demo password back through the same reset flow, over the API. */
async function restoreDemoPassword(): Promise<void> {
  if ((await apiLogin(account.password)) === 200) return;
  const before = await mailFiles();
  const requested = await callApi(HOST, requestPasswordReset.method, requestPasswordReset.path, {
    email: account.userName,
    resetUrl: `${hostUrl(HOST)}/reset-password?token={token}`,
  });
  expect(requested.status).toBe(200);
  const token = (await nextResetLink(before)).searchParams.get('token');
  const reset = await callApi(HOST, resetPassword.method, resetPassword.path, {
    token,
    newPassword: account.password,
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  expect(await apiLogin(account.password)).toBe(200);
}

test.afterAll(restoreDemoPassword);

test('resets a password through the e-mailed link and signs in with it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const before = await mailFiles();

  // Step 1: ask for a link.
  await page.goto(`${hostUrl(HOST)}/reset-password`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectNoViolations(page, 'request step');
  await page.getByLabel('E-mail address').fill(account.userName);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(PASSWORD_MESSAGES.resetRequested);
  await expectNoViolations(page, 'request confirmation');

  // Step 2: follow the link from the .eml file the server wrote.
  const link = await nextResetLink(before);
  expect(link.origin).toBe(hostUrl(HOST));
  await page.goto(link.toString());
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expect(page.getByText(account.userName)).toBeVisible();
  await expectNoViolations(page, 'new-password step');

  // The browser applies the rules too; the server answers a common password next to the field.
  const newField = page.getByLabel(/^New password/);
  const confirmField = page.getByLabel('Confirm new password');
  await newField.fill('password1234');
  await confirmField.fill('password1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.tooCommon)).toBeVisible();

  await newField.fill(NEW_PASSWORD);
  await confirmField.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(PASSWORD_MESSAGES.resetDone)).toBeVisible();
  await expect(page.getByLabel('User name')).toHaveValue('');

  // Step 3: sign in with the new password; the old one no longer works.
  await page.getByLabel('User name').fill(account.userName);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await apiLogin(account.password)).toBe(401);

  // The used link now explains itself and offers a new one.
  await page.goto(link.toString());
  await expect(page.getByRole('alert')).toContainText(PASSWORD_MESSAGES.tokenUsed);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await expectNoViolations(page, 'used link');
});
