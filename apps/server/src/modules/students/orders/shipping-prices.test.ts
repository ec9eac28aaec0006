import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getShippingPrices } from '@csp/contracts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import { orderWorld, SHIPPING, type OrderWorld } from '../../../test-support/order-world.ts';

const engines = await testEngines();

describe.each(engines)('shipping/prices (%s)', (engine) => {
  let ctx: TestContext;
  let w: OrderWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await orderWorld(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the store's own shipping methods in its order, pick-up first", async () => {
    for (const who of [w.who.admin, w.who.returnsOnly, w.who.historyReader]) {
      const res = await w.call(who, getShippingPrices);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        shippingPrices: [SHIPPING.PICKUP, SHIPPING.STANDARD, SHIPPING.EXPEDITED],
      });
    }
    const storeB = await w.call(w.who.storeB, getShippingPrices);
    expect(storeB.json()).toEqual({
      shippingPrices: [
        { code: 'B_ONLY', name: 'Store B courier', priceCents: 500, shipsToAddress: true },
      ],
    });
  });

  it('is refused to accounts that may not look students up', async () => {
    const res = await w.call(w.who.noLookup, getShippingPrices);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to look up students.');
  });
});
