import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { featuredStudent } from '../../support/students.ts';

/*
 * /search against the demo seed's featured students 900000001 (Maya Thompson: 'Thompson' is
 * also a generated last name, so it lists several) and 900000002 (Julian Okonkwo: the only
 * Okonkwo). Nothing here changes data.
 */

test.describe('student search', () => {
  test('a name lists its matches; the arrow keys move through them and Enter opens one', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const maya = await featuredStudent(session, '900000001');
    await page.goto(`${baseUrl}/search`);
    const field = page.getByRole('searchbox', { name: 'Name or student ID' });
    await expect(field).toBeFocused();
    await field.fill('Thompson');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Thompson$/);
    const results = page.getByRole('list', { name: 'Students' });
    await expect(page.getByText(/^\d+ students found$/)).toBeVisible();
    const mayaLink = results.getByRole('link', { name: /Thompson, Maya/ });
    await expect(mayaLink).toContainText('900000001');
    await expect(mayaLink).toContainText(maya.email);
    await expect(mayaLink).toContainText(`${maya.outstandingRentals} outstanding rentals`);
    // Still on the list: several matches are never opened for the clerk.
    await expect(page).toHaveURL(/\/search\?q=Thompson$/);

    await field.press('ArrowDown');
    const links = results.getByRole('link');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(field).toBeFocused();

    await mayaLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/student/${maya.customerId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Thompson');
    await context.close();
  });

  test('a student ID with hyphens opens the single match at once; Back shows the list', async ({
    browser,
  }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const maya = await featuredStudent(session, '900000001');
    await page.goto(`${baseUrl}/search`);
    const field = page.getByRole('searchbox', { name: 'Name or student ID' });
    await field.fill('900-000-001');
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search/student/${maya.customerId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Thompson');
    await expect(page.getByText('Student ID 900000001')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=900000001$/);
    await expect(page.getByText('1 student found')).toBeVisible();
    await expect(page.getByRole('link', { name: /Thompson, Maya/ })).toBeVisible();
    await context.close();
  });

  test('a name with one match opens it; an unknown name says so', async ({ browser }) => {
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const julian = await featuredStudent(session, '900000002');
    await page.goto(`${baseUrl}/search`);
    const field = page.getByRole('searchbox', { name: 'Name or student ID' });
    await field.fill('okonkwo');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/search/student/${julian.customerId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Julian Okonkwo');

    await page.goto(`${baseUrl}/search?q=Zzyzxqv`);
    await expect(page.getByText('No student matches “Zzyzxqv”')).toBeVisible();
    await context.close();
  });

  test('the phone top bar searches students into /search', async ({ browser }) => {
    const { context, page, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/dashboard`);
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox').fill('Thompson');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=Thompson$/);
    await expect(page.getByRole('link', { name: /Thompson, Maya/ })).toBeVisible();
    await context.close();
  });
});
