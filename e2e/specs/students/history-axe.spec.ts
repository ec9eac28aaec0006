import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  createOrder,
  getCustomerOrderableItems,
  getShippingPrices,
  getTransactionHistory,
  type OrderSummary,
  type OrderableItem,
  type SessionResponse,
  type ShippingPrice,
} from '@csp/contracts';
import { expect, newLoggedInContext, test } from '../../support/fixtures.ts';
import { featuredStudent } from '../../support/students.ts';
import { expectNoAxeViolations } from '../../support/axe.ts';
import { api } from '../../support/wizard.ts';
import { shot } from '../../support/shots.ts';

/*
 * The student screen's order panels (required materials, transaction history with an open
 * order's buttons, the cancel question) and every step of the create-order dialog pass axe at
 * a desktop and a phone size. Featured student 900000010 is this spec's (the orders spec only
 * reads it): nothing is changed unless the student has no open order to show the buttons of,
 * in which case one material is ordered; the dialog's items are picked but never ordered.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const SHOTS_DIR = '/tmp/shots/orders/e2e';

async function check(page: Page, name: string, width: number) {
  await expectNoAxeViolations(page, `${name} at ${width}px`);
  await mkdir(SHOTS_DIR, { recursive: true });
  await shot(page, { path: `${SHOTS_DIR}/${name}-${width}.png` });
}

/** An order the caller may hold and cancel: the seed's open order, else one placed here. */
async function ensureOpenOrder(session: SessionResponse, customerId: number) {
  const query = { query: { customerId } };
  const { orders } = await api<{ orders: OrderSummary[] }>(
    session,
    getTransactionHistory,
    {},
    query,
  );
  const open = orders.find((o) => o.mayHold && o.mayCancel);
  if (open) return open;
  const { orderableItems } = await api<{ orderableItems: OrderableItem[] }>(
    session,
    getCustomerOrderableItems,
    {},
    query,
  );
  const [item] = orderableItems;
  if (!item || orderableItems.length < 2) throw new Error('Featured student 900000010 lacks items');
  const { shippingPrices } = await api<{ shippingPrices: ShippingPrice[] }>(
    session,
    getShippingPrices,
  );
  const { order } = await api<{ order: OrderSummary }>(
    session,
    createOrder,
    {},
    {
      body: {
        customerId,
        items: [
          {
            sectionId: item.sectionId,
            titleId: item.titleId,
            fulfillmentType: item.options[0]?.fulfillmentType,
          },
        ],
        shippingMethod: shippingPrices[0]?.code,
        clientKey: randomUUID(),
      },
    },
  );
  return order;
}

test('the order panels and the create-order dialog pass axe at desktop and phone sizes', async ({
  browser,
}) => {
  // Two sizes, each with six axe analyses.
  test.setTimeout(150_000);
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
  const student = await featuredStudent(session, '900000010');
  const order = await ensureOpenOrder(session, student.customerId);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`${baseUrl}/search/student/${student.customerId}`);
    const materials = page.getByRole('region', { name: 'Required materials' });
    await expect(materials.getByText('Not yet ordered').first()).toBeVisible();
    const card = page.getByRole('article', { name: `Order #${order.orderId}` });
    await expect(card.getByRole('button', { name: `Hold order #${order.orderId}` })).toBeVisible();
    await check(page, 'student-panels', size.width);

    await card.getByRole('button', { name: `Cancel order #${order.orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel order #${order.orderId}?` });
    await expect(confirm).toBeVisible();
    await check(page, 'cancel-question', size.width);
    await confirm.getByRole('button', { name: 'Keep order' }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole('button', { name: 'Create order' }).click();
    const dialog = page.getByRole('dialog', { name: /^Create order for / });
    const box = dialog.getByRole('checkbox').first();
    await expect(box).toBeVisible();
    await check(page, 'create-order-items', size.width);
    await box.check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const methods = dialog.getByRole('radiogroup', { name: 'Shipping method' });
    await methods.getByRole('radio').last().check();
    await expect(dialog.getByText(/^Ships to:|address on file/)).toBeVisible();
    await check(page, 'create-order-shipping', size.width);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('list', { name: 'Order lines' })).toBeVisible();
    await check(page, 'create-order-review', size.width);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await context.close();
});
