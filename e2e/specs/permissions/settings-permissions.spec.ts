import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { login, type SessionResponse } from '@csp/contracts';
import type { Page } from '@playwright/test';
import { callApi } from '../../support/api.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { shot } from '../../support/shots.ts';

// docs/behaviour/validation.md#permissions-forms messages, verbatim.
const MESSAGES = {
  createEmail: 'Enter an email address to create a user.',
  createName: 'Enter an name to create a user.',
  findEmail: 'Enter an email address to find a user.',
  noRole: 'Must select a role to assign it!',
  roleOnly:
    'Caution: you selected a role only. Some permissions need a catalog attached - proceed?',
};

let serial = 0;
/** A new address per run and per call, so reruns against one server never collide. */
const uniqueEmail = (tag: string) =>
  `e2e-${tag}-${Date.now()}-${process.pid}-${++serial}@demo-university.edu`;

async function createAccount(page: Page, email: string, name: string) {
  const toggle = page.getByRole('button', { name: 'Create New User Account' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create User' }).click();
}

async function findUser(page: Page, email: string) {
  await page.getByLabel('User email address').fill(email);
  await page.getByRole('button', { name: 'Find User' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email)}`));
}

test.describe('Settings > Permissions', () => {
  test('admin creates an account, grants SUBMITTER on one department, sees it and removes it', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    const email = uniqueEmail('grant');
    await page.goto(`${baseUrl}/settings/permissions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();

    await createAccount(page, email, 'E2E Grant Person');
    const password = page.getByTestId('generated-password');
    await expect(password).toHaveText(/^\S{16,}$/);
    await expect(page.getByText(`A set-password e-mail was sent to ${email}.`)).toBeVisible();
    const generated = (await password.textContent()) ?? '';
    const signIn = await callApi<SessionResponse>('localhost', login.method, login.path, {
      userName: email,
      password: generated,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.actions).toEqual([]);
    // Without SMTP the server writes each mail to DATA_DIR/mail.
    const mailDir = join(process.env.E2E_DATA_DIR ?? '', 'mail');
    const mails = existsSync(mailDir) ? readdirSync(mailDir) : [];
    const setupMail = mails
      .map((f) => readFileSync(join(mailDir, f), 'utf8'))
      .find((text) => text.includes(email));
    expect(setupMail).toContain('/reset-password?token=');

    await findUser(page, email);
    await expect(page.getByText(`${email} has no roles.`)).toBeVisible();
    await expect(page.getByText('Account created', { exact: true })).toBeVisible();

    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Submitter' });
    await page.getByLabel('Division').selectOption({ label: 'Main Campus' });
    await page.getByLabel('Department').selectOption({ label: 'BIOL - Biology' });
    await page.getByRole('button', { name: 'Save Permission' }).click();
    await expect(page.getByText(`Submitter assigned to ${email}.`)).toBeVisible();
    const catalogs = page.getByRole('list', { name: 'Catalogs of Submitter' });
    await expect(catalogs).toContainText('Main Campus / BIOL');
    await expect(page.getByText('Added: Submitter (Main Campus / BIOL)')).toBeVisible();

    // The listing survives a reload: it comes from the server, and ?q= keeps the user.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Catalogs of Submitter' })).toContainText(
      'Main Campus / BIOL',
    );

    await page.getByRole('button', { name: 'Remove Submitter for Main Campus / BIOL' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Remove Submitter for Main Campus / BIOL from ${email}?`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`${email} has no roles.`)).toBeVisible();
    await expect(page.getByText('Catalog removed from a role')).toBeVisible();
    await context.close();
  });

  test('shows every docs/behaviour/validation.md#permissions-forms message verbatim and applies the form rules', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'permissions');
    await page.goto(`${baseUrl}/settings/permissions`);

    await page.getByRole('button', { name: 'Find User' }).click();
    await expect(page.getByText(MESSAGES.findEmail, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Create New User Account' }).click();
    await expectCreateFormOpen(page);
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText(MESSAGES.createEmail, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.createName, { exact: true })).toBeVisible();

    // Creating an address that exists shows the server's message as an error toast.
    await createAccount(page, 'admin@demo-university.edu', 'Already There');
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'A user with that e-mail address already exists' });
    await expect(toast).toBeVisible();
    // The toast leaves the button that raised it free to press again (at 1280x800 it covered it).
    const [toastBox, buttonBox] = await Promise.all([
      toast.boundingBox(),
      page.getByRole('button', { name: 'Create User' }).boundingBox(),
    ]);
    expect(toastBox && buttonBox && overlaps(toastBox, buttonBox)).toBe(false);

    // An address without '@' and '.' can be neither looked up nor given a role.
    await page.goto(`${baseUrl}/settings/permissions?q=someone`);
    await expect(page.getByText(/is not a full e-mail address/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Permission' })).toBeDisabled();

    const email = uniqueEmail('rules');
    await createAccount(page, email, 'E2E Rules Person');
    await expect(page.getByTestId('generated-password')).toBeVisible();
    await page.getByRole('button', { name: 'Manage permissions' }).click();
    await expect(page.getByText(`${email} has no roles.`)).toBeVisible();

    await page.getByRole('button', { name: 'Save Permission' }).click();
    await expect(page.getByText(MESSAGES.noRole, { exact: true })).toBeVisible();

    // Departments appear only for a division other than 'all'.
    await expect(page.getByLabel('Department')).toHaveCount(0);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Full Reporter' });
    await page.getByRole('button', { name: 'Save Permission' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(MESSAGES.roleOnly);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(`${email} has no roles.`)).toBeVisible();

    await page
      .getByLabel('Role', { exact: true })
      .selectOption({ label: 'Permission Administrator' });
    await expect(page.getByLabel('Division')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Permission' }).click();
    await dialog.getByRole('button', { name: 'Assign role' }).click();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Permission Administrator' }),
    ).toBeVisible();
    await context.close();
  });

  for (const width of [1280, 360]) {
    test(`shows a user without permission rights their own roles, read-only, at ${width}px`, async ({
      browser,
    }) => {
      const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/settings/permissions?q=admin@demo-university.edu`);
      await expect(page).toHaveURL(/\/settings\/permissions/);
      await expect(page.getByText(/You can see only your own permissions/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: 'Full Reporter' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your actions' })).toBeVisible();
      await expect(page.getByLabel('User email address')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Remove role/ })).toHaveCount(0);
      await expectNoAxeViolations(page, `own permissions at ${width}px`);
      await shot(page, {
        path: test.info().outputPath(`own-permissions-${width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  for (const width of [1280, 360]) {
    test(`has no axe violations with a user, the add-role form and the create form open at ${width}px`, async ({
      browser,
    }) => {
      const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${baseUrl}/settings/permissions?q=submitter@demo-university.edu`);
      await expect(page.getByRole('list', { name: 'Catalogs of Submitter' })).toBeVisible();
      await page.getByLabel('Division').selectOption({ label: 'Main Campus' });
      await expect(page.getByLabel('Department')).toBeEnabled();
      await page.getByRole('button', { name: 'Create New User Account' }).click();
      await expectCreateFormOpen(page);
      await page.getByRole('button', { name: 'Create User' }).click();
      await expect(page.getByText(MESSAGES.createName)).toBeVisible();
      await expectNoAxeViolations(page, `settings permissions at ${width}px`);
      // The confirm dialog too; cancelled, so the demo submitter keeps their role.
      await page.getByRole('button', { name: 'Remove role: Submitter' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, `remove dialog at ${width}px`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });
  }
});

/**
 * The create form opens with an animation; a press on Create User before it has finished
 * opening was sometimes lost (about 1 run in 8), so tests wait for the opened state.
 */
async function expectCreateFormOpen(page: Page) {
  await expect(
    page
      .locator('.MuiCollapse-entered')
      .filter({ has: page.getByRole('form', { name: 'Create New User Account' }) }),
  ).toHaveCount(1);
}

type Box = { x: number; y: number; width: number; height: number };
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
