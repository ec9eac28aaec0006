import { ROLES } from '@csp/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ensureReferenceData } from '../reference-data.ts';
import { refreshPlannerStatistics } from '../planner-statistics.ts';
import { locations } from '../schema/index.ts';
import { loadReferenceIds } from './accounts-seed.ts';
import { IdAllocator, resetIdentities } from '../bulk-write.ts';
import { DEMO_ACCOUNTS, DEMO_HOSTS } from './demo-accounts.ts';
import { STORE_A, STORE_A_REF, STORE_B } from './demo-stores.ts';
import { addCounts, ID_TABLES, seedStore, type ProgressListener } from './store-seed.ts';
import { seedDemoProducts } from './external-catalog/demo-products.ts';
import { seedStoreTextbooks } from './external-catalog/store-textbooks.ts';
import { seedNewerEdition } from './newer-edition.ts';
import { demoStoreAFunding, demoStoreBFunding } from './gen-funding.ts';

/** Real UofT textbooks Demo University also stocks (a search finds them in both places). */
export const STORE_A_REAL_TEXTBOOKS = 40;

export interface DemoAccountInfo {
  userName: string;
  password: string;
  note: string;
  /** The website host to sign in at. */
  host: string;
}

export interface DemoSeedSummary {
  /** Rows inserted per table (database table names). */
  counts: Record<string, number>;
  accounts: DemoAccountInfo[];
  locationIds: { storeA: number; storeB: number };
  /** The professor record the demo instructor account is linked to. */
  instructorProfessorId: number | null;
  elapsedMs: number;
}

export interface DemoSeedOptions {
  /** Anchor of every generated date; defaults to now. Fix it for reproducible dates. */
  today?: Date;
  onProgress?: ProgressListener;
}

/** Runs one insert step and reports it like seedStore reports its tables. */
async function timed(
  store: string,
  table: string,
  onProgress: ProgressListener | undefined,
  run: () => Promise<number>,
): Promise<number> {
  const started = performance.now();
  const rows = await run();
  onProgress?.({ store, table, rows, elapsedMs: performance.now() - started });
  return rows;
}

/** The demo logins with the host of their store's website, for `npm start` to print. */
export function listDemoAccounts(): DemoAccountInfo[] {
  return DEMO_ACCOUNTS.map((a) => ({
    userName: a.userName,
    password: a.password,
    note: a.note,
    host: a.store === 'A' ? DEMO_HOSTS.storeA : DEMO_HOSTS.storeB,
  }));
}

/** True once the demo stores exist (store A's location is the marker). */
/** Whether any store exists, the demo's or one made with `npm run store -- create`. */
export async function hasAnyStore(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations).limit(1);
  return row !== undefined;
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.externalRef, STORE_A_REF))
    .limit(1);
  return row !== undefined;
}

/**
 * Seeds the two demo stores (Demo University with two websites, and Bookstore B) in one
 * transaction. Deterministic: a fixed PRNG seed per store, dates anchored on `today`.
 * Refuses to run on a database that already holds them.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedSummary> {
  const started = performance.now();
  const today = options.today ?? new Date();
  await ensureReferenceData(db);
  if (await isDemoSeeded(db)) {
    throw new Error(
      'The demo data is already seeded (location DEMO-U exists); start from an empty database.',
    );
  }
  const summary = await db.transaction(async (tx) => {
    const ids = await IdAllocator.create(tx, ID_TABLES);
    const { roleIds, productTypeIds } = await loadReferenceIds(tx, ROLES);
    const storeA = { ...STORE_A, funding: demoStoreAFunding };
    const storeB = { ...STORE_B, funding: demoStoreBFunding };
    const a = await seedStore(tx, ids, today, storeA, roleIds, productTypeIds, options.onProgress);
    const textbooks = await timed(STORE_A.locationName, 'titles', options.onProgress, () =>
      seedStoreTextbooks(tx, ids, a.locationId, STORE_A_REAL_TEXTBOOKS),
    );
    const b = await seedStore(tx, ids, today, storeB, roleIds, productTypeIds, options.onProgress);
    // The distributor's catalog is shared by every store: loaded once, into an empty table.
    const products = await timed(
      'Distributor catalog',
      'external_products',
      options.onProgress,
      () => seedDemoProducts(tx),
    );
    // After the real catalog: one product derived from a title of the demo instructor's.
    const derived =
      a.featuredProfessorId === null
        ? 0
        : await seedNewerEdition(tx, a.locationId, a.featuredProfessorId, today);
    await resetIdentities(tx, ID_TABLES);
    const counts: Record<string, number> = {};
    addCounts(counts, a.counts);
    addCounts(counts, { titles: textbooks, external_products: products + derived });
    addCounts(counts, b.counts);
    return {
      counts,
      accounts: listDemoAccounts(),
      locationIds: { storeA: a.locationId, storeB: b.locationId },
      instructorProfessorId: a.featuredProfessorId,
    };
  });
  await refreshPlannerStatistics(db);
  return { ...summary, elapsedMs: performance.now() - started };
}
