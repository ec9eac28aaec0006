import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { PDFParse } from 'pdf-parse';
import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { type Endpoint } from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { addAccount, callAs, signIn, type Caller } from './permissions-test-support.ts';
import { FIXTURE_HOSTS, type TestContext } from './test-app.ts';
import { one } from './one-row.ts';
import { day } from './today.ts';

/** The suites run on the real clock: data is dated from today. */
export { day, TODAY } from './today.ts';

/** Store A's marketplace conditions, in their sort order. */
export const CONDITIONS = ['Like New', 'Good', 'Acceptable'] as const;

/** Store A's return address (the ship-to of its labels). */
export const STORE_A_RETURN = {
  returnAddressName: 'Store A Textbook Returns',
  returnStreetOne: '100 University Avenue',
  returnStreetTwo: 'Loading Dock B',
  returnCity: 'Springfield',
  returnState: 'IL',
  returnPostalCode: '62701',
};

export interface RentalOptions {
  studentId: number;
  /** A new order of the student when not given. */
  orderId?: number;
  titleId?: number;
  state?: 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED';
  trackingNumber?: string | null;
  /** Days from today. */
  dueOffset?: number;
  serialItemLabel?: string;
  returnedAt?: Date;
}

export interface RentalWorld {
  students: {
    /** Store A, with a shipping address. */
    alice: number;
    /** Store A, no address. */
    bob: number;
    /** Store B. */
    storeB: number;
  };
  titles: { cells: number; genes: number; storeB: number };
  who: {
    /** Store A, CMA_MEMBER: looks students up and returns rentals. */
    clerk: Caller;
    /** Store A, a second clerk. */
    clerk2: Caller;
    /** Store A, FULL_REPORTER: reads the lists, may not return. */
    reporter: Caller;
    /** Store A, INSTRUCTOR: may not even look students up. */
    instructor: Caller;
    /** Store B, CMA_MEMBER (store B has no return address). */
    storeBClerk: Caller;
  };
  /** A new order of the student (its id is the in-transit group's transId). */
  order: (studentId: number, createdDaysAgo?: number) => Promise<number>;
  /** A new rental with a unique serial; outstanding, due in 30 days, on a new order by default. */
  rental: (options: RentalOptions) => Promise<{ id: number; serial: string; orderId: number }>;
  call: (
    who: Caller,
    contract: Endpoint,
    input?: Parameters<typeof callAs>[3],
  ) => ReturnType<typeof callAs>;
  /** GETs a label URL as a browser would: no Auth-Token, on `host` (its own store by default). */
  fetchLabel: (reportUrl: string, host?: string) => ReturnType<typeof callAs>;
}

/**
 * Two stores' students and rentals. Store A has a return address, three marketplace
 * conditions, two titles and two students; store B has a student, a condition and no return
 * address. Rentals are made per test with `rental()` so the suites do not depend on order.
 */
export async function rentalWorld(ctx: TestContext): Promise<RentalWorld> {
  const { db, fixture } = ctx;
  const { a, b } = fixture.locations;
  await db.update(t.locations).set(STORE_A_RETURN).where(eq(t.locations.id, a));
  await db
    .insert(t.marketplaceConditions)
    .values([
      ...CONDITIONS.map((name, sortOrder) => ({ locationId: a, name, sortOrder })),
      { locationId: b, name: 'Good', sortOrder: 0 },
    ]);
  const divisionB = one(
    await db
      .insert(t.divisions)
      .values({ locationId: b, name: 'B Division', universityName: 'B U' })
      .returning(),
  ).id;
  const divisionOf = new Map([
    [a, fixture.catalog.divisionId],
    [b, divisionB],
  ]);

  const title = async (locationId: number, ean13: string, description: string) =>
    one(
      await db
        .insert(t.titles)
        .values({ locationId, ean13, description, author: 'Test Author' })
        .returning(),
    ).id;
  const titles = {
    cells: await title(a, '9780306406157', 'Cells and Their Parts'),
    genes: await title(a, '9781861972712', 'Genes in Action: A Very Long Title That Never Fits'),
    storeB: await title(b, '9780131103627', 'Store B Book'),
  };

  const student = async (
    locationId: number,
    studentIdNum: string,
    firstName: string,
    lastName: string,
    address: Partial<typeof t.students.$inferInsert> = {},
  ) =>
    one(
      await db
        .insert(t.students)
        .values({
          locationId,
          studentIdNum,
          firstName,
          lastName,
          email: `${firstName.toLowerCase()}@students.test`,
          ...address,
        })
        .returning(),
    );
  const alice = await student(a, '10000001', 'Alice', 'Able', {
    streetOne: '12 Elm Street',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62704',
  });
  const bob = await student(a, '10000002', 'Bob', 'Baker');
  const storeB = await student(b, '20000001', 'Carol', 'Cole');
  const locationOf = new Map([
    [alice.id, a],
    [bob.id, a],
    [storeB.id, b],
  ]);

  const order = async (studentId: number, createdDaysAgo = 10) => {
    const locationId = locationOf.get(studentId) ?? a;
    return one(
      await db
        .insert(t.orders)
        .values({
          locationId,
          studentId,
          divisionId: divisionOf.get(locationId) ?? fixture.catalog.divisionId,
          orderType: 'WEB',
          status: 'FULFILLED',
          createdAt: new Date(Date.now() - createdDaysAgo * 86_400_000),
        })
        .returning(),
    ).id;
  };

  let serials = 0;
  const rental = async (o: RentalOptions) => {
    const locationId = locationOf.get(o.studentId) ?? a;
    const orderId = o.orderId ?? (await order(o.studentId));
    serials += 1;
    const serial = `S${String(serials).padStart(9, '0')}`;
    const state = o.state ?? 'OUTSTANDING';
    const row = one(
      await db
        .insert(t.rentals)
        .values({
          locationId,
          studentId: o.studentId,
          orderId,
          titleId: o.titleId ?? (locationId === a ? titles.cells : titles.storeB),
          serialItemRefNum: serial,
          serialItemLabel: o.serialItemLabel ?? `RTN-${String(orderId).padStart(8, '0')}`,
          dueDate: day(o.dueOffset ?? 30),
          state,
          trackingNumber: o.trackingNumber ?? null,
          returnedAt: state === 'RETURNED' ? (o.returnedAt ?? new Date()) : null,
        })
        .returning(),
    );
    return { id: row.id, serial, orderId };
  };

  const clerk = await addAccount(db, a, 'clerk@store-a.test', [{ role: 'CMA_MEMBER' }]);
  const clerk2 = await addAccount(db, a, 'clerk2@store-a.test', [{ role: 'CMA_MEMBER' }]);
  const reporter = await addAccount(db, a, 'reporter@store-a.test', [{ role: 'FULL_REPORTER' }]);
  const storeBClerk = await addAccount(db, b, 'clerk@store-b.test', [{ role: 'CMA_MEMBER' }]);

  return {
    students: { alice: alice.id, bob: bob.id, storeB: storeB.id },
    titles,
    who: {
      clerk: await signIn(ctx, clerk.userName),
      clerk2: await signIn(ctx, clerk2.userName),
      reporter: await signIn(ctx, reporter.userName),
      instructor: await signIn(ctx, fixture.accounts.instructor.userName),
      storeBClerk: await signIn(ctx, storeBClerk.userName, FIXTURE_HOSTS.b),
    },
    order,
    rental,
    call: (who, contract, input) => callAs(ctx, who, contract, input),
    fetchLabel: (reportUrl, host) => {
      const url = new URL(reportUrl);
      return ctx.app.inject({
        method: 'GET',
        url: url.pathname,
        headers: { host: host ?? url.host },
      });
    },
  };
}

/** What a label PDF holds, read back the way a viewer and a scanner would. */
export interface ReadLabel {
  text: string;
  /** [width, height] in points, per page. */
  pages: [number, number][];
  /** The Code 128 barcodes decoded from the images embedded in the PDF, page by page. */
  barcodes: string[];
}

/** Reads a label PDF: its text (pdf-parse), page sizes, and its barcode images decoded. */
export async function readLabelPdf(pdf: Buffer): Promise<ReadLabel> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = (await parser.getText()).text;
    const info = await parser.getInfo({ parsePageInfo: true });
    const images = await parser.getImage({ imageThreshold: 0 });
    const barcodes = images.pages.flatMap((page) =>
      page.images.map((image) => decodeCode128(Buffer.from(image.data))),
    );
    return {
      text,
      pages: info.pages.map((p) => [p.width, p.height] as [number, number]),
      barcodes,
    };
  } finally {
    await parser.destroy();
  }
}

/** Decodes a Code 128 in a PNG, as a scanner would read the printed bars. */
export function decodeCode128(pngBytes: Buffer): string {
  const png = PNG.sync.read(pngBytes);
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i++) {
    const [r = 255, g = 255, b = 255, alpha = 255] = png.data.subarray(i * 4, i * 4 + 4);
    // Transparent pixels are the paper: white.
    const grey = (r * 299 + g * 587 + b * 114) / 1000;
    luminance[i] = Math.round((grey * alpha + 255 * (255 - alpha)) / 255);
  }
  const source = new RGBLuminanceSource(luminance, png.width, png.height);
  return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}
