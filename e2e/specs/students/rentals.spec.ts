import type { RentalItem } from '@csp/contracts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import {
  conditionPicker,
  featuredStudent,
  hyphenated,
  inTransitOf,
  locationIdOf,
  outstandingOf,
  rentalCheckbox,
  returnThroughApi,
  scan,
  scanField,
} from '../../support/students.ts';

/*
 * The rentals of the student screen against the demo seed's featured students 900000003 to
 * 900000006, one per test that changes data (each has four outstanding rentals in two label
 * groups and one group in transit: FEATURED_STUDENTS.md). Serials and ISBNs come from the API.
 */

function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

test.describe('student rentals', () => {
  test('the scan field checks by ISBN and by serial, in check order, and says what it did', async ({
    browser,
  }) => {
    // 900000003 (Priya Raman): nothing is sent, only checked on screen.
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const priya = await featuredStudent(session, '900000003');
    const items = await outstandingOf(session, priya.customerId);
    const [first, second] = [at(items, 0), at(items, 1)];
    await page.goto(`${baseUrl}/search/student/${priya.customerId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Priya Raman');
    await expect(scanField(page)).toBeFocused();
    await expect(rentalCheckbox(page, first)).toBeVisible();

    await scan(page, hyphenated(second.isbn));
    await expect(page.getByRole('status').filter({ hasText: 'Checked:' })).toHaveText(
      `Checked: ${second.title} (${second.serialItemRefNum})`,
    );
    await expect(rentalCheckbox(page, second)).toBeChecked();

    await scan(page, ` ${first.serialItemRefNum.toLowerCase()} `);
    await expect(
      page.getByText(`Checked: ${first.title} (${first.serialItemRefNum})`),
    ).toBeVisible();
    await expect(rentalCheckbox(page, first)).toBeChecked();
    // The check order is shown on the rows: the ISBN scan first, the serial second.
    const row = (item: RentalItem) => page.locator(`li[data-trans-item-id="${item.transItemId}"]`);
    await expect(row(second).locator('[data-check-position]')).toHaveText('1Checked 1st:');
    await expect(row(first).locator('[data-check-position]')).toHaveText('2Checked 2nd:');

    await scan(page, 'NOPE-404');
    await expect(page.getByText('No unchecked rental matches NOPE-404')).toBeVisible();

    // A tap unchecks and hands the focus back to the scan field.
    await rentalCheckbox(page, first).click();
    await expect(rentalCheckbox(page, first)).not.toBeChecked();
    await expect(scanField(page)).toBeFocused();
    await expect(conditionPicker(page, first)).toHaveCount(0);
    await expect(conditionPicker(page, second)).toHaveValue('');
    await context.close();
  });

  test('?return= checks that rental once the lists have loaded', async ({ browser }) => {
    // 900000003 again: read-only.
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const priya = await featuredStudent(session, '900000003');
    const [group] = await inTransitOf(session, priya.customerId);
    const item = at(group?.transItems ?? [], 0);
    await page.goto(
      `${baseUrl}/search/student/${priya.customerId}?return=${item.serialItemRefNum}`,
    );
    await expect(rentalCheckbox(page, item)).toBeChecked();
    await expect(
      page.getByText(`Checked from the link: ${item.title} (${item.serialItemRefNum})`),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await context.close();
  });

  test('returns two rentals with conditions; the one returned elsewhere first is listed as failed', async ({
    browser,
  }) => {
    // 900000004 (Lucas Bergstrom).
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const lucas = await featuredStudent(session, '900000004');
    const items = await outstandingOf(session, lucas.customerId);
    const [kept, taken] = [at(items, 0), at(items, 1)];
    await page.goto(`${baseUrl}/search/student/${lucas.customerId}`);
    await expect(rentalCheckbox(page, kept)).toBeVisible();
    await scan(page, kept.serialItemRefNum);
    await scan(page, taken.serialItemRefNum);

    // No condition yet: the return is not sent, and says why.
    await page.getByRole('button', { name: 'Return 2 rentals' }).click();
    await expect(
      page.getByText('Choose a condition for the 2 checked rentals that have none.'),
    ).toBeVisible();
    await expect(conditionPicker(page, kept)).toBeFocused();
    await conditionPicker(page, kept).selectOption('Very Good');
    await conditionPicker(page, taken).selectOption('Damaged');

    // Another counter returns one of them first.
    const other = await returnThroughApi(session, {
      locationId: await locationIdOf(),
      customerId: lucas.customerId,
      transItemIdWithConditionList: [
        { transItemId: taken.transItemId, marketplaceCondition: 'Good' },
      ],
    });
    expect(other.status).toBe(200);

    const label = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Return 2 rentals' }).click();
    await expect(page.getByText('Returned 1 rental.', { exact: true })).toBeVisible();
    // No print service runs beside this spec (the print-chain specs run on their own).
    await expect(
      page.getByText('The label opens in a new tab instead: print it from there.'),
    ).toBeVisible();
    const failed = page.getByRole('list', { name: 'Rentals not returned' });
    await expect(page.getByText('1 rental was not returned')).toBeVisible();
    await expect(failed).toContainText(
      `${taken.title} (${taken.serialItemRefNum}): Already returned`,
    );
    // Both leave the outstanding list when it reloads.
    await expect(rentalCheckbox(page, kept)).toHaveCount(0);
    await expect(rentalCheckbox(page, taken)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Outstanding rentals (2)' })).toBeVisible();

    // The counter-return label opens in a new tab (docs/behaviour/flows.md: after 2 s).
    const tab = await label;
    await expect.poll(() => tab.url()).toMatch(/\/app-rest\/admin_portal\/v1\/labels\/[\w-]+$/);
    const pdf = await page.request.get(tab.url());
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    const left = await outstandingOf(session, lucas.customerId);
    expect(left.map((i) => i.transItemId)).not.toContain(kept.transItemId);
    await context.close();
  });

  test('a shipping label moves the checked rental to in transit and opens the label', async ({
    browser,
  }) => {
    // 900000005 (Amara Whitfield).
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
    const amara = await featuredStudent(session, '900000005');
    const item: RentalItem = at(await outstandingOf(session, amara.customerId), 0);
    const groupsBefore = await inTransitOf(session, amara.customerId);
    await page.goto(`${baseUrl}/search/student/${amara.customerId}`);
    await rentalCheckbox(page, item).click();
    await expect(rentalCheckbox(page, item)).toBeChecked();

    const tabOpened = context.waitForEvent('page');
    const started = Date.now();
    await page.getByRole('button', { name: 'Print shipping label (1)' }).click();
    await expect(page.getByText(/Shipping label created for 1 rental \(tracking 1Z/)).toBeVisible();
    const tab = await tabOpened;
    // docs/behaviour/constants.md: the first label tab waits 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await expect.poll(() => tab.url()).toMatch(/\/labels\//);

    const groups = await inTransitOf(session, amara.customerId);
    expect(groups).toHaveLength(groupsBefore.length + 1);
    const shipped = groups.find((g) =>
      g.transItems.some((i) => i.transItemId === item.transItemId),
    );
    const tracking = shipped?.transItems[0]?.trackingNumber ?? '';
    expect(tracking).toMatch(/^1Z/);
    const transit = page.getByRole('region', { name: /^In transit/ });
    await expect(transit.getByText(tracking)).toBeVisible();
    await expect(
      transit.getByRole('checkbox', { name: `${item.title} (${item.serialItemRefNum})` }),
    ).not.toBeChecked();
    await expect(
      page.getByRole('region', { name: /^Outstanding rentals/ }).getByText(item.serialItemRefNum),
    ).toHaveCount(0);
    // The new group can be printed again from its link.
    const labelled = groups.filter((g) => g.transItems.some((i) => i.reportUrl)).length;
    expect(labelled).toBeGreaterThanOrEqual(1);
    await expect(transit.getByRole('link', { name: /Print label again/ })).toHaveCount(labelled);
    await context.close();
  });

  test('a reporter sees the rentals but cannot return them, and the API refuses', async ({
    browser,
  }) => {
    // 900000006 (Diego Castellanos): the return is refused, so nothing changes.
    const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'reporter');
    const diego = await featuredStudent(session, '900000006');
    const items = await outstandingOf(session, diego.customerId);
    await page.goto(`${baseUrl}/search/student/${diego.customerId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diego Castellanos');
    const outstanding = page.getByRole('region', { name: /^Outstanding rentals/ });
    await expect(outstanding.getByText(at(items, 0).serialItemRefNum)).toBeVisible();
    await expect(page.getByText(/needs the “Return rentals” permission/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Return/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Print shipping label/ })).toHaveCount(0);
    await expect(scanField(page)).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    const refused = await returnThroughApi(session, {
      locationId: await locationIdOf(),
      customerId: diego.customerId,
      transItemIdWithConditionList: [
        { transItemId: at(items, 0).transItemId, marketplaceCondition: 'Good' },
      ],
    });
    expect(refused.status).toBe(403);
    expect(await outstandingOf(session, diego.customerId)).toHaveLength(items.length);
    await context.close();
  });
});
