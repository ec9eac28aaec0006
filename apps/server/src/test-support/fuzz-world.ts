import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import {
  addAllowance,
  createFundingSource,
  fillPath,
  getImportFormats,
  printRentalLabel,
  uploadAllowances,
  type Endpoint,
  type ImportFormat,
} from '@csp/contracts';
import * as t from '../db/schema/index.ts';
import { fuzzIaParticipants } from './fuzz-world-ia.ts';
import { insertLtiRegistrations } from './lti-registration-rows.ts';
import { one } from './one-row.ts';
import { orderWorld, type OrderWorld } from './order-world.ts';
import { STORE_A_RETURN } from './rental-world.ts';
import { authHeaders, FIXTURE_HOSTS, loginAs, type TestContext } from './test-app.ts';
import type { Caller } from './permissions-test-support.ts';
import { day } from './today.ts';
import { upload } from './data-test-support.ts';

/** The address the suite signs in from: the fuzzed sign-ins' limits never lock it out. */
const SUITE_ADDRESS = '10.24.0.1';

/**
 * Real rows of store A (and a few of store B) for the fuzz's hints: the order world (catalog,
 * titles, adoptions, students, orders in every status, rentals, shipping methods) plus a rental
 * label, a funding source with an allowance and a checked allowance file, a checked data
 * import, an external product and the roles.
 */
export interface FuzzWorld {
  orders: OrderWorld;
  /** The fixture's store administrator (every role store-wide), signed in. */
  admin: Caller & { userName: string };
  /** Signs the administrator in again (after a fuzzed request ended the session). */
  signInAgain: () => Promise<void>;
  accounts: { names: string[]; ids: number[] };
  locations: number[];
  /** Store A's website, and store B's (another store's: refused). */
  websites: number[];
  divisions: number[];
  terms: number[];
  departments: number[];
  courses: number[];
  sections: number[];
  professors: number[];
  students: { ids: number[]; idNums: string[] };
  titles: number[];
  adoptions: number[];
  orderIds: number[];
  rentals: number[];
  labelTokens: string[];
  externalProducts: number[];
  proposedTypes: number[];
  roles: number[];
  funding: { sources: number[]; allowances: number[]; uploads: number[] };
  imports: number[];
  formats: ImportFormat[];
  /** Inclusive-access participants (of BIO 101 section 001), for a staff opt-out. */
  iaParticipants: number[];
  /** Store A's learning platform registrations (the fuzz changes and deletes them). */
  ltiRegistrations: number[];
}

async function expectOk(what: string, res: { statusCode: number; body: string }) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as unknown;
}

async function fundingRows(ctx: TestContext, call: CallApi, studentIdNum: string) {
  const source = (await expectOk(
    'create source',
    await call(createFundingSource, {
      body: {
        clientKey: randomUUID(),
        source: {
          name: 'Fuzz Aid',
          kind: 'FINANCIAL_AID',
          budgetCents: 5_000_000,
          termIds: [ctx.fixture.catalog.termId],
          chargeStartsOn: day(-10),
          chargeEndsOn: day(30),
          perStudentCapCents: null,
          scope: 'ANY_COURSE_MATERIAL',
          spending: ['NEW', 'USED', 'RENTAL', 'DIGITAL'],
          unspentPolicy: 'RETURN_TO_SOURCE',
          promotion: null,
        },
      },
    }),
  )) as { sourceId: number };
  const allowance = (await expectOk(
    'add allowance',
    await call(addAllowance, {
      params: { sourceId: source.sourceId },
      body: { studentIdNum, amountCents: 5_000, clientKey: randomUUID() },
    }),
  )) as { allowanceId: number };
  const file = `Student ID,Amount,Note\n${studentIdNum},12.50,fuzz\nnobody,x,\n`;
  const checked = (await expectOk(
    'upload allowances',
    await call(uploadAllowances, {
      params: { sourceId: source.sourceId },
      query: { fileName: 'allowances.csv' },
      raw: { contentType: 'text/csv', payload: file },
    }),
  )) as { uploadId: number };
  return {
    sources: [source.sourceId],
    allowances: [allowance.allowanceId],
    uploads: [checked.uploadId],
  };
}

type CallApi = (
  contract: Endpoint,
  input?: {
    params?: Record<string, string | number>;
    query?: Record<string, string>;
    body?: unknown;
    raw?: { contentType: string; payload: string };
  },
) => Promise<{ statusCode: number; body: string }>;

export async function fuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const { db, fixture } = ctx;
  const orders = await orderWorld(ctx);
  const a = fixture.locations.a;
  await db.update(t.locations).set(STORE_A_RETURN).where(eq(t.locations.id, a));
  const session = await loginAs(ctx.app, FIXTURE_HOSTS.a, fixture.accounts.admin.userName, {
    remoteAddress: SUITE_ADDRESS,
  });
  const admin = {
    accountId: session.accountId,
    token: session.token,
    host: FIXTURE_HOSTS.a,
    userName: fixture.accounts.admin.userName,
  };
  const call: CallApi = (contract, input = {}) =>
    ctx.app.inject({
      method: contract.method,
      url: fillPath(contract.path, { userAccountId: admin.accountId, ...input.params }),
      query: input.query,
      headers: {
        ...authHeaders(admin.host, admin.token),
        ...(input.raw && { 'content-type': input.raw.contentType }),
      },
      payload: input.raw ? input.raw.payload : (input.body as object | undefined),
    });

  const outstanding = await db
    .select({ id: t.rentals.id, studentId: t.rentals.studentId })
    .from(t.rentals)
    .where(eq(t.rentals.serialItemRefNum, 'SER-OUT'));
  const rental = one(outstanding);
  const labels = (await expectOk(
    'print label',
    await call(printRentalLabel, {
      body: { customerId: rental.studentId, transItemIdList: [rental.id] },
    }),
  )) as { reportUrl: string }[];
  const students = await db
    .select({ id: t.students.id, idNum: t.students.studentIdNum })
    .from(t.students)
    .where(inArray(t.students.id, [orders.students.alice, orders.students.bob]))
    .orderBy(t.students.id);
  const alice = one(students.filter((s) => s.id === orders.students.alice));
  const product = one(
    await db
      .insert(t.externalProducts)
      .values({ ean13: '9780306406157', description: 'Fuzz Product', author: 'A. Author' })
      .returning({ id: t.externalProducts.id }),
  );
  const formats = (
    (await expectOk('formats', await call(getImportFormats))) as {
      formats: ImportFormat[];
    }
  ).formats;
  const imported = (await expectOk(
    'upload import',
    await upload(ctx, admin, {
      formatId: 'professors',
      fileName: 'professors.csv',
      file: 'last_name,first_name,email\nFuzz,Fay,fay@store-a.test\n',
    }),
  )) as { importId: number };
  await ctx.background.drain();

  // In id order: a seeded pick takes a row by its place, which must not vary by engine or run.
  const ids = async <T extends { id: number }>(rows: Promise<T[]>) =>
    (await rows).map((r) => r.id).sort((x, y) => x - y);
  const accountRows = await db
    .select({ id: t.userAccounts.id, name: t.userAccounts.userName })
    .from(t.userAccounts)
    .orderBy(t.userAccounts.id);
  const { catalog } = fixture;
  return {
    orders,
    admin,
    async signInAgain() {
      const again = await loginAs(ctx.app, FIXTURE_HOSTS.a, admin.userName, {
        remoteAddress: SUITE_ADDRESS,
      });
      admin.token = again.token;
    },
    accounts: {
      names: accountRows.map((r) => r.name).filter((n) => n !== admin.userName),
      ids: accountRows.map((r) => r.id),
    },
    locations: [a, fixture.locations.b],
    websites: [fixture.websites.a, fixture.websites.b],
    divisions: [catalog.divisionId, orders.divisions.law],
    terms: await ids(db.select({ id: t.terms.id }).from(t.terms)),
    departments: await ids(db.select({ id: t.departments.id }).from(t.departments)),
    courses: await ids(db.select({ id: t.courses.id }).from(t.courses)),
    sections: Object.values(orders.sections),
    professors: [catalog.professorId],
    students: { ids: students.map((s) => s.id), idNums: students.map((s) => s.idNum) },
    titles: Object.values(orders.titles),
    adoptions: await ids(db.select({ id: t.adoptionMaterials.id }).from(t.adoptionMaterials)),
    orderIds: Object.values(orders.orders),
    rentals: await ids(db.select({ id: t.rentals.id }).from(t.rentals)),
    labelTokens: labels.map((l) => l.reportUrl.split('/').at(-1) ?? ''),
    externalProducts: [product.id],
    proposedTypes: await ids(
      db.select({ id: t.proposedProductTypes.id }).from(t.proposedProductTypes),
    ),
    roles: await ids(db.select({ id: t.roles.id }).from(t.roles)),
    funding: await fundingRows(ctx, call, alice.idNum),
    imports: [imported.importId],
    formats,
    iaParticipants: await fuzzIaParticipants(ctx, [orders.sections.s001]),
    ltiRegistrations: await insertLtiRegistrations(db, a, 3),
  };
}
