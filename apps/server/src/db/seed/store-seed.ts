import { getTableName, sql, type Table } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { insertRows, type IdAllocator, type IdTable } from '../bulk-write.ts';
import { buildAccounts, buildUserRoles, type AccountSpec } from './accounts-seed.ts';
import { websiteRows, type SiteBrand } from './branding.ts';
import { dayNumber } from './dates.ts';
import { generateAdoptionActivity } from './gen-adoption-activity.ts';
import { generateAdoptions } from './gen-adoptions.ts';
import { generateCatalog } from './gen-catalog.ts';
import { generateCommerce } from './gen-commerce.ts';
import type { FundingData, FundingGenerator } from './gen-funding-types.ts';
import { generatePeople } from './gen-people.ts';
import { generateTitles } from './gen-titles.ts';
import type { GenContext, StorePlan } from './store-plan.ts';
import {
  DEFAULT_SHIPPING_METHODS,
  returnAddressColumns,
  type ReturnAddress,
  type ShippingMethodSpec,
} from './store-settings.ts';

/** Every table the seeds give explicit ids; their identity sequences are reset afterwards. */
export const ID_TABLES: readonly IdTable[] = [
  s.locations,
  s.websites,
  s.websiteAssets,
  s.userAccounts,
  s.userRoles,
  s.divisions,
  s.terms,
  s.departments,
  s.courses,
  s.professors,
  s.sections,
  s.students,
  s.fulfillmentPreferences,
  s.titles,
  s.proposedTitles,
  s.adoptionMaterials,
  s.marketplaceConditions,
  s.orders,
  s.orderItems,
  s.rentals,
  s.shippingMethods,
  s.fundingSources,
  s.fundingAllowances,
  s.fundingLedger,
  s.fundingActivity,
];

export interface StoreSpec {
  locationName: string;
  /** The course materials team's address, told of submitters' adoptions. */
  courseMaterialsEmail?: string;
  /** The store's own e-mail domains (locations.email_domains); none when omitted. */
  emailDomains?: readonly string[];
  externalRef: string;
  /** Where students send rentals back; without one the store cannot print return labels. */
  returnAddress?: ReturnAddress;
  /** Sales tax on course materials in hundredths of a percent (625 = 6.25 %); 0 when omitted. */
  taxRateBasisPoints?: number;
  /** Autogen checkout's shipping methods; DEFAULT_SHIPPING_METHODS when omitted. */
  shippingMethods?: readonly ShippingMethodSpec[];
  brands: readonly SiteBrand[];
  accounts: readonly AccountSpec[];
  /** The generation plan, built once the location and account ids are known. */
  plan(known: { locationId: number; accountIds: ReadonlyMap<string, number> }): StorePlan;
  /** The store's funding sources, allowances and ledger (issue 14); none when omitted. */
  funding?: FundingGenerator;
}

export interface SeedProgress {
  store: string;
  table: string;
  rows: number;
  elapsedMs: number;
}
export type ProgressListener = (progress: SeedProgress) => void;

export interface StoreSeedResult {
  locationId: number;
  counts: Record<string, number>;
  featuredProfessorId: number | null;
}

interface Batch {
  table: Table;
  run(db: Db): Promise<number>;
}

function batch<T extends PgTable>(table: T, rows: T['$inferInsert'][], chunkRows?: number): Batch {
  return { table, run: (db) => insertRows(db, table, rows, chunkRows) };
}

/**
 * Generates one store's data in memory (ids assigned up front) and inserts it table by table
 * in foreign-key order.
 */
export async function seedStore(
  db: Db,
  ids: IdAllocator,
  today: Date,
  spec: StoreSpec,
  roleIds: ReadonlyMap<string, number>,
  productTypeIds: readonly number[],
  onProgress?: ProgressListener,
): Promise<StoreSeedResult> {
  const locationId = ids.next(s.locations);
  const sites = spec.brands.map((brand) =>
    websiteRows(
      brand,
      {
        websiteId: ids.next(s.websites),
        assetIds: [ids.next(s.websiteAssets), ids.next(s.websiteAssets)],
      },
      locationId,
      spec.externalRef,
    ),
  );
  const accounts = await buildAccounts(ids, locationId, spec.accounts);
  const plan = spec.plan({ locationId, accountIds: accounts.idByUserName });
  const ctx: GenContext = { plan, ids, today, todayDay: dayNumber(today) };
  const catalog = generateCatalog(ctx);
  // Each generator has its own PRNG stream and id sequence, so the order only follows what
  // depends on what: featured students are enrolled where adoptions exist.
  const titleData = generateTitles(ctx, catalog, productTypeIds);
  const adoptions = generateAdoptions(ctx, catalog, titleData);
  const people = generatePeople(ctx, catalog, adoptions);
  const adoptionActivity = generateAdoptionActivity(ctx, adoptions);
  const commerce = generateCommerce(ctx, catalog, people, titleData, adoptions);
  const funding = spec.funding?.({
    ctx,
    catalog,
    people,
    commerce,
    adoptions,
    accountIds: accounts.idByUserName,
  });
  const userRoles = buildUserRoles(
    ids,
    locationId,
    spec.accounts,
    accounts.idByUserName,
    roleIds,
    catalog,
  );

  const batches: Batch[] = [
    batch(s.locations, [
      {
        id: locationId,
        name: spec.locationName,
        externalRef: spec.externalRef,
        courseMaterialsEmail: spec.courseMaterialsEmail ?? null,
        emailDomains: [...(spec.emailDomains ?? [])],
        ...returnAddressColumns(spec.returnAddress),
        taxRateBasisPoints: spec.taxRateBasisPoints ?? 0,
      },
    ]),
    batch(
      s.shippingMethods,
      (spec.shippingMethods ?? DEFAULT_SHIPPING_METHODS).map((method) => ({
        ...method,
        id: ids.next(s.shippingMethods),
        locationId,
      })),
    ),
    batch(
      s.websites,
      sites.map((site) => site.website),
    ),
    batch(
      s.websiteAssets,
      sites.flatMap((site) => site.assets),
    ),
    batch(s.userAccounts, accounts.rows),
    batch(s.divisions, catalog.divisions),
    batch(s.terms, catalog.terms),
    batch(s.departments, catalog.departments),
    batch(s.courses, catalog.courses),
    batch(s.professors, catalog.professors),
    batch(s.sections, catalog.sections),
    batch(s.sectionProfessors, catalog.sectionProfessors),
    batch(s.userRoles, userRoles),
    batch(s.students, people.students),
    batch(s.enrollments, people.enrollments, 20_000),
    batch(s.fulfillmentPreferences, people.fulfillmentPreferences),
    batch(s.titles, titleData.titles),
    batch(s.proposedTitles, titleData.proposedTitles),
    batch(s.adoptionMaterials, adoptions.adoptionMaterials),
    batch(s.adoptionMaterialSections, adoptions.adoptionMaterialSections, 20_000),
    batch(s.adoptionActivity, adoptionActivity, 20_000),
    batch(s.marketplaceConditions, commerce.marketplaceConditions),
    batch(s.orders, commerce.orders, 10_000),
    batch(s.orderItems, commerce.orderItems, 10_000),
    batch(s.rentals, commerce.rentals),
    ...(funding ? fundingBatches(funding) : []),
  ];
  const counts: Record<string, number> = {};
  await deferSectionFacts(db, true);
  await deferMetricSummaries(db, true);
  for (const b of batches) {
    const started = performance.now();
    const rows = await b.run(db);
    const table = getTableName(b.table);
    counts[table] = rows;
    onProgress?.({ store: spec.locationName, table, rows, elapsedMs: performance.now() - started });
  }
  await refreshStoreSectionFacts(db, locationId);
  await refreshStoreMetricSummaries(db, locationId);
  return { locationId, counts, featuredProfessorId: catalog.featuredProfessorId };
}

/** Funding rows in foreign-key order; the ledger in time order (ADR 0019's guard checks it). */
function fundingBatches(funding: FundingData): Batch[] {
  return [
    // Sources carry a text[] column, which the JSON recordset path does not read: a plain insert.
    {
      table: s.fundingSources,
      run: async (db) => {
        if (funding.sources.length > 0) await db.insert(s.fundingSources).values(funding.sources);
        return funding.sources.length;
      },
    },
    batch(s.fundingSourceTerms, funding.sourceTerms),
    batch(s.fundingAllowances, funding.allowances),
    batch(s.fundingLedger, funding.ledger),
    batch(s.fundingActivity, funding.activity),
  ];
}

/**
 * The sections' kept facts (migration 0012, ADR 0016) are refreshed by statement triggers;
 * inside the seed's transaction they are switched off while the tables fill (each statement
 * would be planned on tables without statistics) and computed once at the end instead.
 */
async function deferSectionFacts(db: Db, deferred: boolean): Promise<void> {
  await db.execute(
    sql`select set_config('csp.section_facts_deferred', ${deferred ? 'on' : 'off'}, true)`,
  );
}

async function deferMetricSummaries(db: Db, deferred: boolean): Promise<void> {
  await db.execute(
    sql`select set_config('csp.metric_summaries_deferred', ${deferred ? 'on' : 'off'}, true)`,
  );
}

async function refreshStoreSectionFacts(db: Db, locationId: number): Promise<void> {
  await deferSectionFacts(db, false);
  // Statistics first, so the one refresh reads each section's rows by index.
  await db.execute(
    sql`analyze sections, course_starts, course_start_counts, section_professors, professors, enrollments, adoption_materials, adoption_material_sections`,
  );
  await db.execute(
    sql`select refresh_section_facts(array(select id from sections where location_id = ${locationId}))`,
  );
}

/**
 * The dashboard's kept figures (migration 0014, ADR 0017) and the students' access figures
 * (migration 0021, ADR 0031) are deferred with the section facts (the large seed also loads
 * with session_replication_role = replica) and rebuilt once here, after the section facts,
 * whose required titles they read.
 */
async function refreshStoreMetricSummaries(db: Db, locationId: number): Promise<void> {
  await deferMetricSummaries(db, false);
  await db.execute(
    sql`analyze orders, order_items, fulfillment_preferences, students, enrollments, metric_section_requirements`,
  );
  await db.execute(sql`select refresh_metric_summaries(${locationId})`);
  await db.execute(sql`select refresh_store_student_access(${locationId})`);
}

/** Adds `more` into `into`, table by table. */
export function addCounts(into: Record<string, number>, more: Record<string, number>): void {
  for (const [table, n] of Object.entries(more)) into[table] = (into[table] ?? 0) + n;
}
