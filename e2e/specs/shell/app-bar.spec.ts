import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { hostUrl } from '../../support/server.ts';

test.describe('app bar and top bar', () => {
  test('the desktop app bar shows the page title and the store name', async ({ loginAs }) => {
    const page = await loginAs('admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${hostUrl('localhost')}/settings/permissions`);
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Permissions', { exact: true })).toBeVisible();
    await expect(banner.getByText('Demo University', { exact: true })).toBeVisible();
    // The bar carries the brand colour, not the page's white.
    const background = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
  });

  test('the user menu opens from the keyboard and Logout signs out', async ({ loginAs }) => {
    const page = await loginAs('admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${hostUrl('localhost')}/dashboard`);
    const button = page.getByRole('button', { name: /^Account menu for / });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    // Keyboard only: tab from the top of the page to the menu button.
    for (
      let i = 0;
      i < 40 && !(await button.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['My Permissions', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'My Permissions' })).toBeFocused();
    // The open menu is part of the page a screen reader meets: it must pass axe as well.
    await expectNoAxeViolations(page, 'the open user menu');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
  });

  test('the phone top bar shows the page title', async ({ loginAs }) => {
    const page = await loginAs('admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${hostUrl('localhost')}/funding-management`);
    const banner = page.getByRole('banner');
    const title = banner.getByText('Funding Management', { exact: true });
    await expect(title).toBeVisible();
    // The title fits beside the menu and search buttons instead of under them.
    const [titleBox, searchBox] = await Promise.all([
      title.boundingBox(),
      banner.getByRole('button', { name: /search/i }).boundingBox(),
    ]);
    expect(titleBox && searchBox && titleBox.x + titleBox.width <= searchBox.x).toBe(true);
  });
});
