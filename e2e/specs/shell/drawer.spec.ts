import type { Page } from '@playwright/test';
import { expect, test, type DemoUserKey } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

const ALWAYS = ['Dashboard', 'Section Research', 'Student Search'];

/** Spec §2 drawer table applied to each demo role's actions. */
const EXPECTED: Record<Exclude<DemoUserKey, 'storeB'>, string[]> = {
  admin: [
    ...ALWAYS,
    'Adopt',
    'Data Summary',
    'Funding Management',
    'Permissions',
    'Help',
    'Logout',
  ],
  reporter: [...ALWAYS, 'Help', 'Logout'],
  permissions: [...ALWAYS, 'Permissions', 'Help', 'Logout'],
  submitter: [...ALWAYS, 'Adopt', 'Help', 'Logout'],
  instructor: [...ALWAYS, 'Adopt', 'Help', 'Logout'],
  cma: [...ALWAYS, 'Adopt', 'Data Summary', 'Funding Management', 'Help', 'Logout'],
};

async function drawerItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Help', { exact: true })).toBeVisible();
  const texts = await nav.locator('li .MuiListItemText-primary').allInnerTexts();
  return texts.map((t) => t.trim());
}

test.describe('navigation drawer per role', () => {
  for (const [user, expected] of Object.entries(EXPECTED)) {
    test(`${user} sees exactly ${expected.length} items`, async ({ loginAs }) => {
      const page = await loginAs(user as DemoUserKey);
      await page.goto(`${hostUrl('localhost')}/dashboard`);
      expect(await drawerItems(page)).toEqual(expected);
    });
  }

  test('a logged-out visitor sees Help and Login', async ({ page }) => {
    await page.goto(`${hostUrl('localhost')}/help`);
    expect(await drawerItems(page)).toEqual(['Help', 'Login']);
  });

  test('the drawer minimises to 80 px and remembers it after a reload', async ({ loginAs }) => {
    const page = await loginAs('admin');
    await page.goto(`${hostUrl('localhost')}/dashboard`);
    const paper = page.locator('.MuiDrawer-paper').first();
    const width = async () => (await paper.boundingBox())?.width;
    await expect.poll(width).toBe(250);
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await expect.poll(width).toBe(80);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    await expect.poll(width).toBe(80);
  });
});
