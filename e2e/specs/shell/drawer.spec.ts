import type { Page } from '@playwright/test';
import { expect, test, type DemoUserKey } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';
import { shot } from '../../support/shots.ts';

const ALWAYS = ['Dashboard', 'Section Research', 'Student Search'];

/** docs/behaviour/routes-and-guard.md#navigation-drawer drawer table applied to each demo role's actions. */
const EXPECTED: Record<Exclude<DemoUserKey, 'storeB'>, string[]> = {
  admin: [
    ...ALWAYS,
    'My courses',
    'Adopt',
    'Rollover',
    'Adoption deadlines',
    'Department contacts',
    'Inclusive access',
    'Data Summary',
    'Funding Management',
    'Permissions',
    'Store settings',
    'Help',
    'Logout',
  ],
  reporter: [...ALWAYS, 'Help', 'Logout'],
  permissions: [...ALWAYS, 'Permissions', 'Help', 'Logout'],
  submitter: [...ALWAYS, 'My courses', 'Adopt', 'Help', 'Logout'],
  instructor: [...ALWAYS, 'My courses', 'Adopt', 'Help', 'Logout'],
  cma: [
    ...ALWAYS,
    'My courses',
    'Adopt',
    'Rollover',
    'Adoption deadlines',
    'Department contacts',
    'Inclusive access',
    'Data Summary',
    'Funding Management',
    'Help',
    'Logout',
  ],
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

  test('keyboard focus on a drawer item shows a ring, and a navigation focuses the new heading', async ({
    loginAs,
  }) => {
    const page = await loginAs('admin');
    await page.goto(`${hostUrl('localhost')}/dashboard`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByText('Help', { exact: true })).toBeVisible();
    const research = nav.getByRole('link', { name: 'Section Research' });
    // Keyboard only: tab from the top of the page until the item has the focus.
    for (
      let i = 0;
      i < 30 && !(await research.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    const ring = await research.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBe('3px');
    expect(contrastWithWhite(ring.color)).toBeGreaterThanOrEqual(3);
    await shot(page, { path: test.info().outputPath('drawer-focus.png') });

    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: 'Section Research' });
    await expect(heading).toBeFocused();
  });

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

/** WCAG contrast of an `rgb(r, g, b)` colour against white. */
function contrastWithWhite(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return 1.05 / (luminance + 0.05);
}
