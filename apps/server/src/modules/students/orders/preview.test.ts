import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderPreview, type OrderDraft } from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  orderWorld,
  SHIPPING,
  TAX_RATE,
  type OrderWorld,
} from '../../../test-support/order-world.ts';
import type { Caller } from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();

describe.each(engines)('autogen orders: createOrderPreview (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const preview = (who: Caller, body: OrderDraft) => w.call(who, createOrderPreview, { body });
  const aliceDraft = (extra: Partial<OrderDraft> = {}): OrderDraft => ({
    customerId: w.students.alice,
    items: [
      { sectionId: w.sections.s001, titleId: w.titles.biology, fulfillmentType: 'RENT_USED' },
      { sectionId: w.sections.s002, titleId: w.titles.chemistry, fulfillmentType: 'BUY_USED' },
    ],
    shippingMethod: 'STANDARD',
    ...extra,
  });
  const orderCount = async () => (await ctx.db.select({ id: t.orders.id }).from(t.orders)).length;

  it('prices lines at the store prices, with tax on the goods, shipping and the total', async () => {
    const before = await orderCount();
    const res = await preview(w.who.admin, aliceDraft());
    expect(res.statusCode).toBe(200);
    // Biology 100.00 rented used at 40 % = 40.00; Chemistry 89.99 bought used at 75 % = 67.49.
    // Tax 7.25 % of 107.49 = 7.793 -> 7.79; standard shipping 7.99; total 123.27.
    expect(res.json()).toEqual({
      lines: [
        {
          sectionId: w.sections.s001,
          titleId: w.titles.biology,
          isbn: '9780306406157',
          title: 'Biology Today',
          fulfillmentType: 'RENT_USED',
          priceCents: 4000,
        },
        {
          sectionId: w.sections.s002,
          titleId: w.titles.chemistry,
          isbn: '9781861972712',
          title: 'Chemistry Basics',
          fulfillmentType: 'BUY_USED',
          priceCents: 6749,
        },
      ],
      subtotalCents: 10_749,
      taxRateBasisPoints: TAX_RATE,
      taxCents: 779,
      shippingMethod: 'STANDARD',
      shippingCents: 799,
      totalCents: 12_327,
      shipTo: { streetOne: '1 College Way', city: 'Springfield', state: 'IL', postalCode: '62701' },
      // No funding asked for: the student pays it all.
      funding: { lines: [], fundedCents: 0, studentPaysCents: 12_327 },
    });
    expect(await orderCount()).toBe(before);
  });

  it('offers digital for a title with a digital ISBN, and pick-up ships nowhere', async () => {
    const res = await preview(
      w.who.admin,
      aliceDraft({
        items: [
          { sectionId: w.sections.s001, titleId: w.titles.biology, fulfillmentType: 'DIGITAL' },
        ],
        shippingMethod: 'PICKUP',
      }),
    );
    expect(res.statusCode).toBe(200);
    // 60.00 digital, tax 7.25 % = 4.35, no shipping.
    expect(res.json()).toMatchObject({
      subtotalCents: 6000,
      taxCents: 435,
      shippingCents: 0,
      totalCents: 6435,
      shipTo: null,
    });
  });

  it('shows where it ships only to holders of VIEW_STUDENT_ADDRESS', async () => {
    const res = await preview(w.who.clerk, aliceDraft({ shippingMethod: 'EXPEDITED' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shippingMethod: 'EXPEDITED',
      shippingCents: SHIPPING.EXPEDITED.priceCents,
      totalCents: 10_749 + 779 + 1999,
      shipTo: null,
    });
  });

  it('refuses callers without AUTOGEN_CREATE_ORDER with 403', async () => {
    for (const who of [w.who.returnsOnly, w.who.historyReader, w.who.holder, w.who.noLookup]) {
      const res = await preview(who, aliceDraft());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to create orders.');
    }
  });

  it("answers 404 'Customer not found' for an unknown student or another store's", async () => {
    for (const customerId of [999_999, w.students.carol]) {
      const res = await preview(w.who.admin, aliceDraft({ customerId }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Customer not found', field: 'customerId' });
    }
    const fromStoreB = await preview(w.who.storeB, aliceDraft());
    expect(fromStoreB.statusCode).toBe(404);
    expect(fromStoreB.json().message).toBe('Customer not found');
  });

  it('names the item and says why it cannot be ordered', async () => {
    const cases: [OrderDraft['items'][number], string][] = [
      [
        { sectionId: w.sections.s001, titleId: w.titles.owned, fulfillmentType: 'BUY_NEW' },
        'The student already bought or rents this title.',
      ],
      [
        { sectionId: w.sections.s001, titleId: w.titles.notAdopted, fulfillmentType: 'BUY_NEW' },
        'This title is not a material the student needs for that section.',
      ],
      [
        // Adopted for 001, not for 002.
        { sectionId: w.sections.s002, titleId: w.titles.biology, fulfillmentType: 'BUY_NEW' },
        'This title is not a material the student needs for that section.',
      ],
      [
        { sectionId: w.sections.ended, titleId: w.titles.ended, fulfillmentType: 'BUY_NEW' },
        'This title is not a material the student needs for that section.',
      ],
      [
        { sectionId: w.sections.s002, titleId: w.titles.chemistry, fulfillmentType: 'DIGITAL' },
        'Digital is not available for this title.',
      ],
      [
        { sectionId: w.sections.s001, titleId: w.titles.storeB, fulfillmentType: 'BUY_NEW' },
        'This title is not a material the student needs for that section.',
      ],
    ];
    for (const [item, message] of cases) {
      const good = {
        sectionId: w.sections.s001,
        titleId: w.titles.biology,
        fulfillmentType: 'BUY_NEW',
      };
      const res = await preview(w.who.admin, aliceDraft({ items: [good as typeof item, item] }));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, field: 'items.1' });
    }
  });

  it('takes a title once, even when two sections need it', async () => {
    const res = await preview(
      w.who.admin,
      aliceDraft({
        items: [
          { sectionId: w.sections.s002, titleId: w.titles.chemistry, fulfillmentType: 'BUY_NEW' },
          { sectionId: w.sections.s001, titleId: w.titles.chemistry, fulfillmentType: 'RENT_NEW' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This title is already in the order (for another section): one copy is enough.',
      field: 'items.1',
    });
  });

  it('keeps an order to one division', async () => {
    const res = await preview(
      w.who.admin,
      aliceDraft({
        items: [
          { sectionId: w.sections.s001, titleId: w.titles.biology, fulfillmentType: 'BUY_NEW' },
          { sectionId: w.sections.law, titleId: w.titles.law, fulfillmentType: 'RENT_NEW' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'An order holds the materials of one division: place one order per division.',
      field: 'items',
    });
    const lawOnly = await preview(
      w.who.admin,
      aliceDraft({
        items: [{ sectionId: w.sections.law, titleId: w.titles.law, fulfillmentType: 'RENT_NEW' }],
      }),
    );
    expect(lawOnly.statusCode).toBe(200);
    // 120.00 rented new at 55 % = 66.00; tax 4.785 -> 4.79 (half up).
    expect(lawOnly.json()).toMatchObject({ subtotalCents: 6600, taxCents: 479, totalCents: 7878 });
  });

  it("takes only the store's shipping methods, and one that ships needs a whole address", async () => {
    for (const code of ['OVERNIGHT', 'B_ONLY']) {
      const res = await preview(w.who.admin, aliceDraft({ shippingMethod: code }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: "Choose one of the store's shipping methods.",
        field: 'shippingMethod',
      });
    }
    const bobItems = [
      {
        sectionId: w.sections.s001,
        titleId: w.titles.biology,
        fulfillmentType: 'BUY_NEW' as const,
      },
    ];
    const bob = (shippingMethod: string) =>
      preview(w.who.admin, { customerId: w.students.bob, items: bobItems, shippingMethod });
    const shipped = await bob('STANDARD');
    expect(shipped.statusCode).toBe(400);
    expect(shipped.json()).toEqual({
      message: 'The student has no shipping address: choose pick up in store.',
      field: 'shippingMethod',
    });
    const pickedUp = await bob('PICKUP');
    expect(pickedUp.statusCode).toBe(200);
    // 100.00 bought new; tax exactly 7.25.
    expect(pickedUp.json()).toMatchObject({
      subtotalCents: 10_000,
      taxCents: 725,
      totalCents: 10_725,
    });
  });

  it('refuses a malformed draft with a 400 naming the field', async () => {
    const item = {
      sectionId: w.sections.s001,
      titleId: w.titles.biology,
      fulfillmentType: 'BUY_NEW',
    };
    const cases: [unknown, string][] = [
      [{ ...aliceDraft(), items: [] }, 'items'],
      [{ ...aliceDraft(), items: [item, item] }, 'items'],
      [
        { ...aliceDraft(), items: [{ ...item, fulfillmentType: 'LEASE' }] },
        'items.0.fulfillmentType',
      ],
      [{ ...aliceDraft(), items: [{ ...item, sectionId: 'x' }] }, 'items.0.sectionId'],
      [{ ...aliceDraft(), shippingMethod: '  ' }, 'shippingMethod'],
      [{ ...aliceDraft(), customerId: undefined }, 'customerId'],
    ];
    for (const [body, field] of cases) {
      const res = await w.call(w.who.admin, createOrderPreview, { body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});
