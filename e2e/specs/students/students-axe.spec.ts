import { expectNoAxeViolations } from '../../support/axe.ts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { featuredStudent, outstandingOf, rentalCheckbox, scan } from '../../support/students.ts';

/*
 * Student search and the student screen pass axe-core on a desktop and on a phone, in their
 * busy states: results listed, rentals checked with condition pickers, a scan that matched
 * nothing and a refused return. Read-only: featured students 900000001 and 900000002.
 */

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`student search and student screen pass axe at ${width}px`, async ({ browser }) => {
    test.setTimeout(60_000);
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    await page.setViewportSize({ width, height });
    await page.goto(`${baseUrl}/search?q=Thompson`);
    await expect(page.getByText(/^\d+ students found$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Result pages' })).toBeVisible();
    await expectNoAxeViolations(page, `search results at ${width}px`);

    await page.goto(`${baseUrl}/search?q=Zzyzxqv`);
    await expect(page.getByText('No student matches “Zzyzxqv”')).toBeVisible();
    await expectNoAxeViolations(page, `no results at ${width}px`);

    const julian = await featuredStudent(session, '900000002');
    const items = await outstandingOf(session, julian.customerId);
    await page.goto(`${baseUrl}/search/student/${julian.customerId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Julian Okonkwo');
    const [first, second] = items;
    if (!first || !second) throw new Error('Julian Okonkwo has fewer than two outstanding rentals');
    // A scan before the rentals load is refused with "still loading" (the desk's design).
    await expect(rentalCheckbox(page, first)).toBeVisible();
    for (const item of [first, second]) await scan(page, item.serialItemRefNum);
    await expect(rentalCheckbox(page, first)).toBeChecked();
    await expect(rentalCheckbox(page, second)).toBeChecked();
    await scan(page, 'NOTHING-HERE');
    await page.getByRole('button', { name: 'Return 2 rentals' }).click();
    await expect(page.getByText(/Choose a condition for the 2 checked rentals/)).toBeVisible();
    await expectNoAxeViolations(page, `student screen at ${width}px`);
    await context.close();
  });
}

test('the student screen without RETURN_RENTALS passes axe', async ({ browser }) => {
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'reporter');
  const julian = await featuredStudent(session, '900000002');
  await page.goto(`${baseUrl}/search/student/${julian.customerId}`);
  await expect(page.getByText(/needs the “Return rentals” permission/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Outstanding rentals \(\d+\)$/ })).toBeVisible();
  await expectNoAxeViolations(page, 'read-only student screen');
  await context.close();
});
