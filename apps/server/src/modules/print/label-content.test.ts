import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  labelContentUrl,
  OPENAPI_JSON_PATH,
  printRentalLabel,
  returnRentals,
  TEST_LABEL_PATH,
  type LabelContent,
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

/*
 * A DYMO LabelWriter composes its labels from XML, so the web app asks for a label's content
 * beside its PDF. Both must say the same things, under the same capability rules.
 */
describe.each(engines)('label content and the test label (%s)', (engine) => {
  let ctx: TestContext;
  let w: RentalWorld;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    w = await rentalWorld(ctx);
  });
  afterAll(async () => ctx?.close());

  const content = (url: string, host?: string) => w.fetchLabel(labelContentUrl(url), host);

  it("gives a shipping label's ship-to block, sender, items and tracking number", async () => {
    const s = w.students.alice;
    const ids = [(await w.rental({ studentId: s })).id, (await w.rental({ studentId: s })).id];
    const res = await w.call(w.who.clerk, printRentalLabel, {
      body: { customerId: s, transItemIdList: ids },
    });
    const [doc] = res.json<ShippingLabelDocument[]>();
    if (!doc) throw new Error('no label');

    const answer = await content(doc.reportUrl);
    expect(answer.statusCode, answer.body).toBe(200);
    const label = answer.json<LabelContent>();
    expect(label).toMatchObject({
      kind: 'SHIPMENT',
      jobTitle: `Return shipment ${doc.trackingNumber}`,
      barcode: doc.trackingNumber,
    });
    expect(label.addressLines).toEqual([
      STORE_A_RETURN.returnAddressName,
      STORE_A_RETURN.returnStreetOne,
      STORE_A_RETURN.returnStreetTwo,
      'Springfield, IL 62701',
    ]);
    expect(label.textLines.slice(0, 2)).toEqual(['RETURN SHIPMENT', 'From Alice Able']);
    expect(label.textLines).toHaveLength(5);
  });

  it('gives a counter-return label the same facts as its PDF, listing four items and counting the rest', async () => {
    const s = w.students.bob;
    const order = await w.order(s);
    const rentals = [];
    for (let i = 0; i < 6; i++) rentals.push(await w.rental({ studentId: s, orderId: order }));
    const res = await w.call(w.who.clerk, returnRentals, {
      body: {
        locationId: ctx.fixture.locations.a,
        customerId: s,
        transItemIdWithConditionList: rentals.map((r) => ({
          transItemId: r.id,
          marketplaceCondition: 'Like New',
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ successful: { reportUrl: string }[] }>().successful[0]?.reportUrl ?? '';
    const label = (await content(url)).json<LabelContent>();
    const serialItemLabel = `RTN-${String(order).padStart(8, '0')}`;
    expect(label).toMatchObject({
      kind: 'RETURN',
      jobTitle: `Rental return ${serialItemLabel}`,
      barcode: serialItemLabel,
      addressLines: ['Store A', 'Bob Baker', 'Student ID 10000002'],
    });
    expect(label.textLines[0]).toBe('RENTAL RETURN');
    expect(label.textLines[1]).toMatch(/^Returned \d{2}\/\d{2}\/\d{4} at .* by Name of clerk/);
    expect(label.textLines.slice(2, 6).every((line) => line.includes('Like New'))).toBe(true);
    expect(label.textLines[6]).toBe('and 2 more');

    const pdf = await readLabelPdf((await w.fetchLabel(url)).rawPayload);
    for (const line of label.addressLines) expect(pdf.text).toContain(line);
  });

  it("answers 404 on another store's website and 410 once the label expired, like the PDF", async () => {
    const s = w.students.alice;
    const res = await w.call(w.who.clerk, printRentalLabel, {
      body: { customerId: s, transItemIdList: [(await w.rental({ studentId: s })).id] },
    });
    const [doc] = res.json<ShippingLabelDocument[]>();
    if (!doc) throw new Error('no label');
    const elsewhere = await content(doc.reportUrl, FIXTURE_HOSTS.b);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ message: 'There is no label at this address.' });

    const token = new URL(doc.reportUrl).pathname.split('/').pop() ?? '';
    await ctx.db
      .update(t.rentalLabels)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.rentalLabels.token, token));
    expect((await content(doc.reportUrl)).statusCode).toBe(410);
  });

  it("prints a test label of the website's own store, as a 30256 PDF and as content", async () => {
    const pdfAnswer = await ctx.app.inject({
      method: 'GET',
      url: TEST_LABEL_PATH,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(pdfAnswer.statusCode).toBe(200);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    const pdf = await readLabelPdf(pdfAnswer.rawPayload);
    expect(pdf.pages).toEqual([[166.5, 288]]);
    expect(pdf.barcodes).toEqual(['CSP-TEST-LABEL']);
    expect(pdf.text).toContain('TEST LABEL');
    expect(pdf.text).toContain(STORE_A_RETURN.returnStreetOne);

    const a = await ctx.app.inject({
      method: 'GET',
      url: `${TEST_LABEL_PATH}/content`,
      headers: { host: FIXTURE_HOSTS.a },
    });
    expect(a.json<LabelContent>()).toMatchObject({
      kind: 'TEST',
      barcode: 'CSP-TEST-LABEL',
      addressLines: expect.arrayContaining([STORE_A_RETURN.returnStreetOne]) as unknown,
    });
    // Store B has no return address: its test label names the store and still prints.
    const b = await ctx.app.inject({
      method: 'GET',
      url: `${TEST_LABEL_PATH}/content`,
      headers: { host: FIXTURE_HOSTS.b },
    });
    expect(b.statusCode).toBe(200);
    expect(b.json<LabelContent>().addressLines).toHaveLength(1);
    expect(b.json<LabelContent>().addressLines).not.toContain(STORE_A_RETURN.returnStreetOne);
  });

  it('is documented in OpenAPI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toContain(`${TEST_LABEL_PATH}/content`);
    expect(paths.some((p) => p.endsWith('/labels/{token}/content'))).toBe(true);
  });
});
