import { ROLES } from '@csp/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { ensureReferenceData } from '../reference-data.ts';
import { refreshPlannerStatistics } from '../planner-statistics.ts';
import { externalProducts, locations, titles } from '../schema/index.ts';
import { loadReferenceIds } from './accounts-seed.ts';
import { IdAllocator, insertRows, queryRows, resetIdentities } from '../bulk-write.ts';
import {
  generateExternalProducts,
  LARGE_EXTERNAL_PRODUCTS,
} from './external-catalog/large-products.ts';
import { largeStoreSpec, LARGE_STORE_REF } from './large-store.ts';
import { ID_TABLES, seedStore, type ProgressListener } from './store-seed.ts';
import { seedLargeInclusiveAccess } from './large-inclusive-access.ts';
import { seedLargeLti } from './large-lti.ts';

export interface LargeSeedOptions {
  today?: Date;
  onProgress?: ProgressListener;
  /** Multiplies every size (1 = full benchmark size); tests use a tiny scale. */
  scale?: number;
  /**
   * Keep foreign-key triggers on while inserting. Off by default for speed when the database
   * user may switch them off (the rows are consistent by construction); tests turn it on.
   */
  checkForeignKeys?: boolean;
}

export interface LargeSeedSummary {
  counts: Record<string, number>;
  locationId: number;
  foreignKeyChecks: boolean;
  elapsedMs: number;
}

export async function isLargeSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.externalRef, LARGE_STORE_REF))
    .limit(1);
  return row !== undefined;
}

/**
 * Switches off trigger-based foreign-key checks for the current transaction when allowed
 * (superuser: always for PGlite, usually for a local PostgreSQL). They are most of the insert
 * cost on PGlite, and the generated rows reference ids they were generated with.
 */
async function skipForeignKeyChecks(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ su: string }>(
    db,
    sql`select current_setting('is_superuser') as su`,
  );
  if (row?.su !== 'on') return false;
  await db.execute(sql`set local session_replication_role = replica`);
  return true;
}

/**
 * The distributor's catalog at benchmark size (200,000 products at scale 1), avoiding the ISBNs
 * of the products and titles already there: a product is another book than any store title.
 */
async function seedExternalProducts(
  db: Db,
  scale: number,
  today: Date,
): Promise<{ rows: number; elapsedMs: number }> {
  const started = performance.now();
  const taken = await queryRows<{ ean13: string }>(
    db,
    sql`select ean13 from ${externalProducts} union all select ean13 from ${titles}`,
  );
  const rows = generateExternalProducts(
    Math.max(50, Math.round(LARGE_EXTERNAL_PRODUCTS * scale)),
    today,
    taken.map((r) => r.ean13),
  );
  const inserted = await insertRows(db, externalProducts, rows);
  return { rows: inserted, elapsedMs: performance.now() - started };
}

/**
 * Seeds a large university (its own location and website, host 'large.localhost') for
 * benchmarks. Runs in one transaction, so a failure leaves nothing behind; refuses to run
 * when the large store already exists.
 */
export async function seedLarge(db: Db, options: LargeSeedOptions = {}): Promise<LargeSeedSummary> {
  const started = performance.now();
  const today = options.today ?? new Date();
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 1)) throw new Error(`scale must be in (0, 1], got ${scale}`);
  await ensureReferenceData(db);
  if (await isLargeSeeded(db)) {
    throw new Error(
      `The large store is already seeded (location ${LARGE_STORE_REF} exists). ` +
        'Seed it into a fresh database (new DATA_DIR or DATABASE_URL) instead.',
    );
  }
  const summary = await db.transaction(async (tx) => {
    const skipped = options.checkForeignKeys ? false : await skipForeignKeyChecks(tx);
    const ids = await IdAllocator.create(tx, ID_TABLES);
    const { roleIds, productTypeIds } = await loadReferenceIds(tx, ROLES);
    const store = await seedStore(
      tx,
      ids,
      today,
      largeStoreSpec(scale),
      roleIds,
      productTypeIds,
      options.onProgress,
    );
    // Stores set each term's adoption deadline weeks before it starts (issue 30): six weeks
    // here, so the coming terms have sections missing and late, and the benchmarks measure the
    // deadline figures as such a store sees them.
    await tx.execute(sql`update terms set adoption_deadline = least(start_date - 42, end_date)
      where location_id = ${store.locationId}`);
    const products = await seedExternalProducts(tx, scale, today);
    options.onProgress?.({
      store: 'Distributor catalog',
      table: 'external_products',
      rows: products.rows,
      elapsedMs: products.elapsedMs,
    });
    await resetIdentities(tx, ID_TABLES);
    return {
      counts: { ...store.counts, external_products: products.rows },
      locationId: store.locationId,
      foreignKeyChecks: !skipped,
      elapsedMs: performance.now() - started,
    };
  });
  const inclusiveAccess = await seedLargeInclusiveAccess(db, summary.locationId, today);
  const lti = await seedLargeLti(db, summary.locationId, today, scale);
  const counts: Record<string, number> = {
    ...summary.counts,
    ia_programs: inclusiveAccess.programs,
    ia_participants: inclusiveAccess.participants,
    lti_registrations: lti.registrations,
    lti_launches: lti.launches,
  };
  // Without fresh statistics the planner picks nested loops that cost seconds on 40,000 sections.
  await refreshPlannerStatistics(db);
  return { ...summary, counts, elapsedMs: performance.now() - started };
}
