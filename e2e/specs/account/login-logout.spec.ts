import { demoAccount, expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

test.describe('login and logout', () => {
  test('signs in through the form, lands on the dashboard, and signs out', async ({ page }) => {
    const admin = demoAccount('admin');
    await page.goto(`${hostUrl('localhost')}/login`);
    await page.getByLabel('User name').fill(admin.userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dashboard');
    await expect(page.getByText(admin.name, { exact: false }).first()).toBeVisible();

    // The browser never keeps the real password: the password key holds a remember-me secret.
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.username).toBe(admin.userName);
    expect(stored.password).not.toBe(admin.password);
    expect(stored.password).toMatch(/^rms1\./);
    expect(stored.jwtToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByText('Logout').click();
    await expect(page).toHaveURL(/\/login/);
    const after = await page.evaluate(() => ({ ...localStorage }));
    expect(after.username ?? null).toBeNull();
    expect(after.password ?? null).toBeNull();
    expect(after.jwtToken ?? null).toBeNull();

    // After logout a protected page sends the user back to the login page.
    await page.goto(`${hostUrl('localhost')}/research`);
    await expect(page).toHaveURL(/\/login\?next=%2Fresearch/);
  });

  test('a password sign-in on the single-sign-on website survives a reload and a new tab', async ({
    page,
  }) => {
    const cma = demoAccount('cma');
    const site = hostUrl('127.0.0.1');
    await page.goto(`${site}/login`);
    await page.getByLabel('User name').fill(cma.userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(cma.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dashboard');
    const tab = await page.context().newPage();
    await tab.goto(`${site}/research`);
    await expect(tab).toHaveURL(/\/research$/);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Section Research');
  });

  test('a wrong password is refused with the server message and no session', async ({ page }) => {
    await page.goto(`${hostUrl('localhost')}/login`);
    await page.getByLabel('User name').fill(demoAccount('reporter').userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The user name or password is incorrect.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  });

  test('the guard sends a logged-out user to login with next, and back after signing in', async ({
    page,
  }) => {
    const cma = demoAccount('cma');
    await page.goto(`${hostUrl('localhost')}/funding-management`);
    await expect(page).toHaveURL(/\/login\?next=%2Ffunding-management/);
    await page.getByLabel('User name').fill(cma.userName);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(cma.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/funding-management$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funding Management');
  });

  test('a stored sign-in logs the user in automatically on a protected page', async ({
    loginAs,
  }) => {
    const page = await loginAs('reporter');
    await page.goto(`${hostUrl('localhost')}/research`);
    await expect(page).toHaveURL(/\/research$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Section Research');
  });

  test('a session of one store is not accepted on another store', async ({ browser }) => {
    const { newLoggedInContext } = await import('../../support/fixtures.ts');
    const { context, session } = await newLoggedInContext(browser, 'admin');
    const { callApi } = await import('../../support/api.ts');
    const res = await callApi<{ message: string }>(
      'bookstore-b.localhost',
      'GET',
      `/app-rest/admin_portal/v1/${session.accountId}/getUserActions?user_name=${encodeURIComponent(session.userName)}`,
      undefined,
      { 'Auth-Token': session.token },
    );
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(
      "This session belongs to another store's website. Sign in again.",
    );
    await context.close();
  });
});
