import { expect, test, type Page } from '@playwright/test';
import {
  SSP_USER,
  simplesamlphpUnavailable,
  startSamlPortal,
  type SamlPortal,
} from '../../support/saml-portal.ts';

// One portal server (fresh data folder) serves both runs below, one after the other.
test.describe.configure({ mode: 'serial' });

let portal: SamlPortal;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  portal = await startSamlPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

async function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
}

test.describe('single sign-on through the development IdP (the demo path)', () => {
  test('picks a user at the dev IdP, keeps the session over a reload, logs out via SLO', async ({
    page,
  }) => {
    const site = `http://127.0.0.1:${portal.port}`;
    await page.goto(`${site}/research?page=2`);
    await expect(page).toHaveURL(/\/login\?next=%2Fresearch%3Fpage%3D2/);
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();

    await expect(
      page.getByRole('heading', { name: 'Development identity provider' }),
    ).toBeVisible();
    await page.getByRole('button', { name: /cma@demo-university\.edu/ }).click();

    // Back on the portal: ticket exchanged, then stripped from the address.
    await expect(page).toHaveURL(`${site}/research?page=2`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Logout');
    const stored = await storage(page);
    expect(stored.username).toBe('cma@demo-university.edu');
    expect(stored.password).toBe('using sso login');
    expect(stored.jwtToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.reload();
    await expect(page).toHaveURL(`${site}/research?page=2`);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toContainText('Logout');

    await logOut(page);
    await expect(page).toHaveURL(`${site}/login`);
    expect(await storage(page)).toEqual({});
  });

  test('an unknown or refused sign-in ends on the login page with a plain reason', async ({
    page,
  }) => {
    const site = `http://127.0.0.1:${portal.port}`;
    await page.goto(`${site}/dashboard?ticket=not-a-ticket&userAccountId=1`);
    await expect(page).toHaveURL(/\/login\?.*loginError=SAMLloginerror/);
    await expect(page.getByRole('alert')).toContainText('Single sign-on failed');
    await expect(page.getByRole('alert')).toContainText('already been used or had expired');
  });
});

test.describe('single sign-on through simplesamlphp', () => {
  const unavailable = simplesamlphpUnavailable();
  test.skip(unavailable !== null, unavailable ?? '');

  test('logs in through the simplesamlphp form and out through its single logout', async ({
    page,
  }) => {
    const site = `http://localhost:${portal.port}`;
    await page.goto(`${site}/dashboard`);
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();

    await expect(page).toHaveURL(new RegExp(`^${portal.simplesamlphpUrl ?? ''}/`));
    await page.locator('input[name="username"]').fill(SSP_USER.username);
    await page.locator('input[name="password"]').fill(SSP_USER.password);
    await page.locator('button[type="submit"], input[type="submit"]').first().click();

    await expect(page).toHaveURL(`${site}/dashboard`);
    await expect(page.getByText('Casey Materials').first()).toBeVisible();
    expect((await storage(page)).password).toBe('using sso login');

    await logOut(page);
    await expect(page).toHaveURL(`${site}/login`);
    expect(await storage(page)).toEqual({});

    // The IdP session ended too: single sign-on asks for the password again.
    await page.getByRole('link', { name: 'Sign in with single sign-on' }).click();
    await expect(page.locator('input[name="password"]')).toBeVisible();
  });
});
