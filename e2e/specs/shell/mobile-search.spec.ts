import { devices } from '@playwright/test';
import { newLoggedInContext } from '../../support/fixtures.ts';
import { expect, test } from '../../support/fixtures.ts';

test.describe('mobile top bar search', () => {
  test('searches students from most pages and courses on the adopt page', async ({ browser }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'admin');
    await page.setViewportSize(devices['Pixel 7'].viewport);

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: /search/i }).click();
    const studentDialog = page.getByRole('dialog');
    await studentDialog.getByRole('searchbox').fill('Smith');
    await studentDialog.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Smith$/);

    await page.goto(`${baseUrl}/adopt`);
    await page.getByRole('button', { name: /search/i }).click();
    const courseDialog = page.getByRole('dialog');
    await expect(courseDialog.getByRole('searchbox')).toHaveAccessibleName(/course/i);
    await courseDialog.getByRole('searchbox').fill('BIOL-101');
    await courseDialog.getByRole('searchbox').press('Enter');
    // docs/behaviour/validation.md: a search string containing digits has its hyphens removed.
    await expect(page).toHaveURL(/\/adopt\?q=BIOL101$/);
    await context.close();
  });

  test('the phone layout shows the mobile logo and opens the drawer from the menu', async ({
    browser,
  }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'reporter');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl}/dashboard`);
    const logo = page.locator('header img');
    await expect(logo).toHaveAttribute('src', /mobile/);
    await page
      .getByRole('button', { name: /menu|navigation/i })
      .first()
      .click();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByText('Student Search'),
    ).toBeVisible();
    await context.close();
  });
});
