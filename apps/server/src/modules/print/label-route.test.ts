import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  OPENAPI_JSON_PATH,
  printRentalLabel,
  RENTAL_LABEL_PATH,
  returnRentals,
  type ShippingLabelDocument,
} from '@csp/contracts';
import * as t from '../../db/schema/index.ts';
import {
  createTestApp,
  FIXTURE_HOSTS,
  testEngines,
  type TestContext,
} from '../../test-support/test-app.ts';
import {
  readLabelPdf,
  rentalWorld,
  STORE_A_RETURN,
  type RentalWorld,
} from '../../test-support/rental-world.ts';

const engines = await testEngines();

/** The DYMO 30256 shipping label, portrait as the roll feeds it: 2-5/16 x 4 in. */
const LABEL_30256: [number, number] = [166.5, 288];

describe.each(engines)('label PDFs (%s)', (engine) => {
  let ctx: TestContext;
  let w: RentalWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await rentalWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const shipment = async (count = 2) => {
    const s = w.students.alice;
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await w.rental({ studentId: s })).id);
    const res = await w.call(w.who.clerk, printRentalLabel, {
      body: { customerId: s, transItemIdList: ids },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [doc] = res.json<ShippingLabelDocument[]>();
    if (!doc) throw new Error('no label');
    return doc;
  };

  it('serves a shipping label PDF without Auth-Token: 30256 size, addresses, a readable barcode', async () => {
    const doc = await shipment();
    const res = await w.fetchLabel(doc.reportUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="shipping-label-${doc.trackingNumber}.pdf"`,
    );
    expect(res.headers['cache-control']).toMatch(/^private/);
    // The browser's PDF viewer must be allowed to show it.
    expect(res.headers['content-security-policy']).toContain("object-src 'self'");

    const pdf = await readLabelPdf(res.rawPayload);
    expect(pdf.pages).toEqual([LABEL_30256]);
    expect(pdf.barcodes).toEqual([doc.trackingNumber]);
    for (const text of [
      doc.trackingNumber,
      STORE_A_RETURN.returnAddressName,
      STORE_A_RETURN.returnStreetOne,
      STORE_A_RETURN.returnStreetTwo,
      'Springfield, IL 62701',
      // From the student, with their address.
      'Alice Able',
      '12 Elm Street',
      'Springfield, IL 62704',
      '9780306406157',
      '2 items',
    ]) {
      expect(pdf.text).toContain(text);
    }
  });

  it('spreads many items over several labels, cutting long titles', async () => {
    const s = w.students.alice;
    const order = await w.order(s);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await w.rental({ studentId: s, orderId: order, titleId: w.titles.genes })).id);
    }
    const res = await w.call(w.who.clerk, printRentalLabel, {
      body: { customerId: s, transItemIdList: ids },
    });
    const [doc] = res.json<ShippingLabelDocument[]>();
    const pdf = await readLabelPdf((await w.fetchLabel(doc?.reportUrl ?? '')).rawPayload);
    expect(pdf.pages.length).toBeGreaterThan(1);
    expect(pdf.pages.every(([width, height]) => width === 166.5 && height === 288)).toBe(true);
    expect(pdf.text).toContain(`label ${pdf.pages.length} of ${pdf.pages.length}`);
    // Every serial is listed somewhere.
    const serials = await ctx.db.select().from(t.rentals).where(eq(t.rentals.orderId, order));
    for (const r of serials) expect(pdf.text).toContain(r.serialItemRefNum);
    // The long title never prints whole: it is cut with an ellipsis.
    expect(pdf.text).not.toContain('Genes in Action: A Very Long Title That Never Fits');
    expect(pdf.text).toContain('…');
  });

  it('serves a counter-return label: student, items with conditions, the serialItemLabel as Code 128', async () => {
    const s = w.students.bob;
    const order = await w.order(s);
    const a = await w.rental({ studentId: s, orderId: order });
    const b = await w.rental({ studentId: s, orderId: order });
    const res = await w.call(w.who.clerk, returnRentals, {
      body: {
        locationId: ctx.fixture.locations.a,
        customerId: s,
        transItemIdWithConditionList: [
          { transItemId: a.id, marketplaceCondition: 'Acceptable' },
          { transItemId: b.id, marketplaceCondition: 'Like New' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ successful: { reportUrl: string }[] }>().successful[0]?.reportUrl ?? '';
    const label = await w.fetchLabel(url);
    expect(label.statusCode).toBe(200);
    const serialItemLabel = `RTN-${String(order).padStart(8, '0')}`;
    expect(label.headers['content-disposition']).toBe(
      `inline; filename="return-label-${serialItemLabel}.pdf"`,
    );
    const pdf = await readLabelPdf(label.rawPayload);
    expect(pdf.pages).toEqual([LABEL_30256]);
    expect(pdf.barcodes).toEqual([serialItemLabel]);
    for (const text of [
      'Store A',
      'Bob Baker',
      'Student ID 10000002',
      a.serial,
      'Acceptable',
      b.serial,
      'Like New',
      'by Name of clerk@store-a.test',
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.text).toMatch(/Returned \d{2}\/\d{2}\/\d{4} at \d{1,2}:\d{2} [AP]M/);
  });

  it('is documented in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    const paths = res.json<{ paths: Record<string, { get?: { summary?: string } }> }>().paths;
    const path = RENTAL_LABEL_PATH.replace(':token', '{token}');
    expect(paths[path]?.get?.summary).toContain('30256');
  });

  it("answers 404 on another store's website and for an unknown token", async () => {
    const doc = await shipment(1);
    const otherHost = await w.fetchLabel(doc.reportUrl, FIXTURE_HOSTS.b);
    expect(otherHost.statusCode).toBe(404);
    expect(otherHost.headers['content-type']).toMatch(/json/);

    const unknown = await w.fetchLabel(
      `http://${FIXTURE_HOSTS.a}${fillPath(RENTAL_LABEL_PATH, { token: 'x'.repeat(43) })}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'There is no label at this address.' });
    expect(otherHost.json()).toEqual(unknown.json());
  });

  it('answers 410 once the label has expired', async () => {
    const doc = await shipment(1);
    const token = new URL(doc.reportUrl).pathname.split('/').pop() ?? '';
    await ctx.db
      .update(t.rentalLabels)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.rentalLabels.token, token));
    const res = await w.fetchLabel(doc.reportUrl);
    expect(res.statusCode).toBe(410);
    expect(res.json<{ message: string }>().message).toMatch(
      /^This label expired on \d{2}\/\d{2}\/\d{4}\. Print the shipping label again/,
    );
  });
});
