import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
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
import { api } from '../../support/wizard.ts';

/*
 * Autogen orders on the student screen against the demo seed: creating one, holding, releasing
 * and cancelling one from the history, and a double click that must place one order. Each test
 * has its own featured student (900000007-900000009; the axe spec has 900000010), each with at
 * least two required materials not yet bought, so the tests run side by side.
 */

interface Student {
  customerId: number;
  name: string;
}

async function findStudent(session: SessionResponse, studentIdNum: string): Promise<Student> {
  const student = await featuredStudent(session, studentIdNum);
  return { customerId: student.customerId, name: `${student.firstName} ${student.lastName}` };
}

async function orderables(session: SessionResponse, customerId: number) {
  const body = await api<{ orderableItems: OrderableItem[] }>(
    session,
    getCustomerOrderableItems,
    {},
    { query: { customerId } },
  );
  return body.orderableItems;
}

async function history(session: SessionResponse, customerId: number) {
  return api<{ orders: OrderSummary[] }>(
    session,
    getTransactionHistory,
    {},
    { query: { customerId } },
  );
}

/** The student screen, once the required materials have loaded. */
async function openStudent(page: Page, baseUrl: string, student: Student) {
  await page.goto(`${baseUrl}/search/student/${student.customerId}`);
  const materials = page.getByRole('region', { name: 'Required materials' });
  await expect(materials.getByRole('article').first()).toBeVisible();
  return materials;
}

/** The row of a material in the required materials panel. */
function materialRow(materials: Locator, title: string) {
  return materials.getByRole('listitem').filter({ hasText: title }).first();
}

/**
 * A success message is shown, then dismissed: toasts come one at a time, so the next change's
 * message would otherwise wait for this one to time out.
 */
async function expectToast(page: Page, text: string) {
  const toast = page.getByRole('status').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
}

/** The order's status chip (its items have statuses of their own). */
function statusChip(card: Locator) {
  return card.locator('.MuiChip-root').first();
}

function money(text: string | null): number {
  const match = /\$([\d,]+\.\d{2})/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No amount in ${text}`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

/** The amount after a label of a money list (Subtotal, Tax (7.25%), Shipping, Total). */
async function amountOf(dialog: Locator, label: RegExp) {
  const term = dialog.locator('dt').filter({ hasText: label });
  return money(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

async function openCreateOrder(page: Page, student: Student) {
  await page.getByRole('button', { name: 'Create order' }).click();
  const dialog = page.getByRole('dialog', { name: `Create order for ${student.name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function toReview(dialog: Locator, pickShipping?: (methods: Locator) => Promise<void>) {
  await dialog.getByRole('button', { name: 'Next' }).click();
  const methods = dialog.getByRole('radiogroup', { name: 'Shipping method' });
  await expect(methods).toBeVisible();
  if (pickShipping) await pickShipping(methods);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('list', { name: 'Order lines' })).toBeVisible();
}

test('creates an order: two items, shipping, the preview, then it is in the history', async ({
  browser,
}) => {
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
  const student = await findStudent(session, '900000007');
  const items = (await orderables(session, student.customerId)).slice(0, 2);
  expect(items, 'two orderable items for the featured student').toHaveLength(2);
  const titles = items.map((i) => i.title);
  const shipping = await api<{ shippingPrices: ShippingPrice[] }>(session, getShippingPrices);
  const ships = shipping.shippingPrices.find((m) => m.shipsToAddress);

  const materials = await openStudent(page, baseUrl, student);
  for (const title of titles) {
    await expect(materialRow(materials, title)).toContainText('Not yet ordered');
  }

  const dialog = await openCreateOrder(page, student);
  for (const title of titles) {
    await dialog.getByRole('checkbox', { name: title }).check();
  }
  await expect(dialog).toContainText('2 items chosen');
  await toReview(dialog, async (methods) => {
    if (!ships) return;
    await methods.getByRole('radio', { name: `${ships.name} — ` }).check();
    // A method that ships says where to, from the server's preview.
    await expect(dialog.getByText(/^Ships to:/)).toBeVisible();
  });

  const lines = dialog.getByRole('list', { name: 'Order lines' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  for (const title of titles) await expect(lines.filter({ hasText: title })).toHaveCount(1);
  const linePrices = await Promise.all(
    (await lines.all()).map(async (line) => money(await line.textContent())),
  );
  const subtotal = await amountOf(dialog, /^Subtotal$/);
  const tax = await amountOf(dialog, /^Tax/);
  const shippingCents = await amountOf(dialog, /^Shipping$/);
  const total = await amountOf(dialog, /^Total$/);
  expect(subtotal).toBe(linePrices.reduce((a, b) => a + b, 0));
  expect(shippingCents).toBe(ships?.priceCents ?? 0);
  expect(total).toBe(subtotal + tax + shippingCents);

  await dialog.getByRole('button', { name: 'Place order' }).click();
  const toast = page.getByText(new RegExp(`^Order #(\\d+) placed for ${student.name}$`));
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  const orderId = Number(/#(\d+)/.exec((await toast.textContent()) ?? '')?.[1]);

  const card = page
    .getByRole('region', { name: 'Transaction history' })
    .getByRole('article', { name: `Order #${orderId}` });
  await expect(statusChip(card)).toHaveText('Open');
  await expect(card).toContainText(`$${(total / 100).toFixed(2)}`);
  for (const title of titles) {
    await expect(card).toContainText(title);
    await expect(materialRow(materials, title)).not.toContainText('Not yet ordered');
    await expect(materialRow(materials, title)).toContainText(/Ordered: .* — pending/);
  }
  await context.close();
});

test('holds, releases and cancels an order from the history', async ({ browser }) => {
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
  const student = await findStudent(session, '900000008');
  const [item] = await orderables(session, student.customerId);
  if (!item) throw new Error('The featured student has nothing to order');
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
        customerId: student.customerId,
        items: [
          {
            sectionId: item.sectionId,
            titleId: item.titleId,
            fulfillmentType: item.options[0]?.fulfillmentType,
          },
        ],
        shippingMethod: shippingPrices.find((m) => !m.shipsToAddress)?.code,
        clientKey: randomUUID(),
      },
    },
  );

  const materials = await openStudent(page, baseUrl, student);
  await expect(materialRow(materials, item.title)).toContainText('— pending');
  const card = page.getByRole('article', { name: `Order #${order.orderId}` });
  await expect(statusChip(card)).toHaveText('Open');

  await card.getByRole('button', { name: `Hold order #${order.orderId}` }).click();
  await expectToast(page, `Order #${order.orderId} is on hold.`);
  await expect(statusChip(card)).toHaveText('On hold');

  await card.getByRole('button', { name: `Release hold on order #${order.orderId}` }).click();
  await expectToast(page, `Order #${order.orderId} is released from hold.`);
  await expect(statusChip(card)).toHaveText('Open');
  await expect(card.getByRole('button', { name: `Hold order #${order.orderId}` })).toBeVisible();

  // Cancelling asks first; keeping the order changes nothing.
  await card.getByRole('button', { name: `Cancel order #${order.orderId}` }).click();
  let confirm = page.getByRole('dialog', { name: `Cancel order #${order.orderId}?` });
  await confirm.getByRole('button', { name: 'Keep order' }).click();
  await expect(confirm).toBeHidden();
  await expect(statusChip(card)).toHaveText('Open');

  await card.getByRole('button', { name: `Cancel order #${order.orderId}` }).click();
  confirm = page.getByRole('dialog', { name: `Cancel order #${order.orderId}?` });
  await confirm.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, `Order #${order.orderId} is cancelled.`);
  await expect(statusChip(card)).toHaveText('Cancelled');
  await expect(card.getByRole('button')).toHaveCount(0);
  // The material is needed again.
  await expect(materialRow(materials, item.title)).toContainText('Not yet ordered');

  const after = await history(session, student.customerId);
  expect(after.orders.find((o) => o.orderId === order.orderId)?.status).toBe('CANCELLED');
  await context.close();
});

test('a double click on Place order, and a retry of it, place one order', async ({ browser }) => {
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'admin');
  const student = await findStudent(session, '900000009');
  const [item] = await orderables(session, student.customerId);
  if (!item) throw new Error('The featured student has nothing to order');
  const before = await history(session, student.customerId);

  await openStudent(page, baseUrl, student);
  const dialog = await openCreateOrder(page, student);
  await dialog.getByRole('checkbox', { name: item.title }).check();
  await toReview(dialog);
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/createOrder')) {
      sent.push(request.postDataJSON());
    }
  });
  await dialog.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page.getByText(new RegExp(`placed for ${student.name}$`))).toHaveCount(1);
  await expect(dialog).toBeHidden();

  const after = await history(session, student.customerId);
  const added = after.orders.filter((o) => !before.orders.some((b) => b.orderId === o.orderId));
  expect(added).toHaveLength(1);
  await expect(page.getByRole('article', { name: `Order #${added[0]?.orderId}` })).toBeVisible();

  // The same order sent again (a retry after a lost answer) answers the first order.
  expect(sent.length).toBeGreaterThanOrEqual(1);
  const again = await api<{ order: OrderSummary }>(session, createOrder, {}, { body: sent[0] });
  expect(again.order.orderId).toBe(added[0]?.orderId);
  expect((await history(session, student.customerId)).orders).toHaveLength(
    before.orders.length + 1,
  );
  await context.close();
});

test('the course materials team creates orders but sees no transaction history', async ({
  browser,
}) => {
  const { context, page, session, baseUrl } = await newLoggedInContext(browser, 'cma');
  // Read-only: the order dialog is opened and closed; 900000010 is the axe spec's student.
  const student = await findStudent(session, '900000010');
  await openStudent(page, baseUrl, student);
  await expect(page.getByRole('button', { name: 'Create order' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transaction history' })).toHaveCount(0);
  await context.close();
});
