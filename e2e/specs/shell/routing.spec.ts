import { expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

test.describe('routes, redirects and titles', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an unknown path goes to the dashboard with prev set to host plus path', async ({
    loginAs,
  }) => {
    const page = await loginAs('admin');
    await page.goto(`${hostUrl('localhost')}/no/such/page`);
    await expect(page).toHaveURL(/\/dashboard\?prev=/);
    const prev = new URL(page.url()).searchParams.get('prev');
    expect(prev).toBe(`localhost:${new URL(hostUrl('localhost')).port}/no/such/page`);
    await expect(page.getByText(`“${prev}”`, { exact: false })).toBeVisible();
    // Text someone put in a link's prev is not shown as if the portal said it.
    await page.goto(`${hostUrl('localhost')}/dashboard?prev=Your+account+is+locked.+Call+555-0100`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Dashboard');
    await expect(page.getByText(/account is locked/)).toHaveCount(0);
  });

  test('the redirects of the route table land where the spec says', async ({ loginAs }) => {
    const page = await loginAs('admin');
    const base = hostUrl('localhost');
    for (const [from, to] of [
      ['/', '/dashboard'],
      ['/research/section', '/research'],
      ['/research/section/12/student', '/research'],
      ['/search/student', '/search'],
      ['/settings', '/settings/permissions'],
    ] as const) {
      await page.goto(`${base}${from}`);
      await expect(page, `${from} -> ${to}`).toHaveURL(new RegExp(`${to.replaceAll('/', '\\/')}$`));
    }
  });

  test('document titles follow "{page} - {site title}", without the page on dashboard and login', async ({
    loginAs,
    page: guest,
  }) => {
    const page = await loginAs('admin');
    const base = hostUrl('localhost');
    const expected: [string, string][] = [
      ['/dashboard', 'Demo University'],
      ['/research', 'Section Research - Demo University'],
      ['/search', 'Student Search - Demo University'],
      ['/settings/permissions', 'Permissions - Demo University'],
      ['/adopt', 'Adopt Course Materials - Demo University'],
      ['/data-summary', 'Data Summary - Demo University'],
      ['/funding-management', 'Funding Management - Demo University'],
      ['/help', 'Help - Demo University'],
    ];
    for (const [path, title] of expected) {
      await page.goto(`${base}${path}`);
      await expect(page, path).toHaveTitle(title);
    }
    await guest.goto(`${base}/login`);
    await expect(guest).toHaveTitle('Demo University');
    await guest.goto(`${hostUrl('127.0.0.1')}/reset-password`);
    await expect(guest).toHaveTitle('Reset Password - Demo University Law');
  });

  test('a user without the adopt actions is turned away from /adopt', async ({ loginAs }) => {
    const page = await loginAs('reporter');
    await page.goto(`${hostUrl('localhost')}/adopt`);
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText('You do not have permission to view that page.')).toBeVisible();
  });
});
