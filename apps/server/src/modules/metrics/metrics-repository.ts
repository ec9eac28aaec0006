import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';

/**
 * The dashboard's SQL. Every figure is read from the kept summaries of migration 0014
 * (ADR 0017): a division's term is the sum of its rows in metric_item_counts (one per section
 * with items, by the (division, term, section) key's index), never a scan of order items.
 */

const int = (v: unknown): number => Number(v ?? 0);

/** The caller's store and, over a division `dv`, what they may see of it. */
export interface MetricsScope {
  locationId: number;
  /** The caller reports on `dv`. */
  reportable: SQL;
  /** The caller holds VIEW_ONTIME_PERCENTAGE on the whole of `dv`. */
  onTime: SQL;
}

export interface ReportedDivisionRow {
  divisionId: number;
  divisionName: string;
  canViewOnTime: boolean;
}

/** The store's divisions the caller reports on, by name. */
export async function reportedDivisions(
  db: Db,
  scope: MetricsScope,
): Promise<ReportedDivisionRow[]> {
  const rows = await queryRows<ReportedDivisionRow>(
    db,
    sql`select dv.id as "divisionId", dv.name as "divisionName", (${scope.onTime}) as "canViewOnTime"
      from divisions dv
      where dv.location_id = ${scope.locationId} and (${scope.reportable})
      order by dv.name, dv.id`,
  );
  return rows.map((r) => ({ ...r, divisionId: int(r.divisionId) }));
}

/** Whether the store has any division (a new store has none until its courses are imported). */
export async function storeHasDivisions(db: Db, locationId: number): Promise<boolean> {
  const rows = await queryRows<{ found: unknown }>(
    db,
    sql`select exists (select 1 from divisions where location_id = ${locationId}) as found`,
  );
  return rows[0]?.found === true;
}

export interface DivisionTermRow {
  divisionId: number;
  termId: number;
  termName: string;
  startDate: string;
  endDate: string;
}

/** The terms of the given divisions of the store, newest first. */
export async function divisionTerms(
  db: Db,
  locationId: number,
  divisionIds: readonly number[],
): Promise<DivisionTermRow[]> {
  if (divisionIds.length === 0) return [];
  const rows = await queryRows<DivisionTermRow>(
    db,
    sql`select t.division_id as "divisionId", t.id as "termId", t.name as "termName",
        t.start_date::text as "startDate", t.end_date::text as "endDate"
      from terms t
      where t.location_id = ${locationId} and t.division_id in ${divisionIds}
      order by t.start_date desc, t.id desc`,
  );
  return rows.map((r) => ({ ...r, divisionId: int(r.divisionId), termId: int(r.termId) }));
}

export interface DivisionReachRow {
  divisionName: string;
  reportable: boolean;
  onTime: boolean;
  termFound: boolean;
}

/**
 * One division of the caller's store: whether they report on it and see its on-time figure,
 * and whether `termId` (when given) is one of its terms. Undefined for another store's.
 */
export async function divisionReach(
  db: Db,
  scope: MetricsScope,
  divisionId: number,
  termId: number | undefined,
): Promise<DivisionReachRow | undefined> {
  const termFound =
    termId === undefined
      ? sql`true`
      : sql`exists (select 1 from terms t where t.id = ${termId} and t.division_id = dv.id)`;
  const [row] = await queryRows<DivisionReachRow>(
    db,
    sql`select dv.name as "divisionName", (${scope.reportable}) as reportable,
        (${scope.onTime}) as "onTime", ${termFound} as "termFound"
      from divisions dv
      where dv.id = ${divisionId} and dv.location_id = ${scope.locationId}`,
  );
  return row;
}

/** A division's order items of a term, as the kept counts have them. */
export interface ItemFigures {
  itemCount: number;
  fulfilledCount: number;
  pendingCount: number;
  onHoldCount: number;
  cancelledCount: number;
  dueCount: number;
  onTimeCount: number;
  rentNewCount: number;
  rentUsedCount: number;
  buyNewCount: number;
  buyUsedCount: number;
  digitalCount: number;
  requiredBoughtCount: number;
}

const ITEM_COLUMNS: Record<keyof ItemFigures, string> = {
  itemCount: 'item_count',
  fulfilledCount: 'fulfilled_count',
  pendingCount: 'pending_count',
  onHoldCount: 'on_hold_count',
  cancelledCount: 'cancelled_count',
  dueCount: 'due_count',
  onTimeCount: 'on_time_count',
  rentNewCount: 'rent_new_count',
  rentUsedCount: 'rent_used_count',
  buyNewCount: 'buy_new_count',
  buyUsedCount: 'buy_used_count',
  digitalCount: 'digital_count',
  requiredBoughtCount: 'required_bought_count',
};

/** The sums of the chosen counts over the division's rows for the term (zeros when none). */
export async function itemFigures<K extends keyof ItemFigures>(
  db: Db,
  divisionId: number,
  termId: number,
  wanted: readonly K[],
): Promise<Pick<ItemFigures, K>> {
  const sums = sql.join(
    wanted.map(
      (key) =>
        sql`coalesce(sum(${sql.identifier(ITEM_COLUMNS[key])}), 0) as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<Record<K, unknown>>(
    db,
    sql`select ${sums} from metric_item_counts
      where division_id = ${divisionId} and term_id = ${termId}`,
  );
  return Object.fromEntries(wanted.map((key) => [key, int(row?.[key])])) as Pick<ItemFigures, K>;
}

/**
 * On-time's two figures for a division's term, read with each kept row's section: items are
 * due once their section has started (`today` is past its start date); before that, only the
 * items already handed over count, and they are on time by definition. So a term that has not
 * begun reads as on time so far, not as late for items nobody owes yet.
 */
export async function onTimeFigures(
  db: Db,
  divisionId: number,
  termId: number,
  today: string,
): Promise<{ dueCount: number; onTimeCount: number }> {
  const [row] = await queryRows<{ dueCount: unknown; onTimeCount: unknown }>(
    db,
    sql`select
        coalesce(sum(case when s.start_date < ${today} then m.due_count
          else m.fulfilled_count end), 0) as "dueCount",
        coalesce(sum(m.on_time_count), 0) as "onTimeCount"
      from metric_item_counts m join sections s on s.id = m.section_id
      where m.division_id = ${divisionId} and m.term_id = ${termId}`,
  );
  return { dueCount: int(row?.dueCount), onTimeCount: int(row?.onTimeCount) };
}

/**
 * Market share's two figures for a division's term: required titles bought (kept with the
 * items) and seats needing them (each section's enrolment times its required titles, kept
 * with the section facts), in one statement.
 */
export async function marketShareFigures(
  db: Db,
  divisionId: number,
  termId: number,
): Promise<{ requiredCount: number; boughtCount: number }> {
  const [row] = await queryRows<{ requiredCount: unknown; boughtCount: unknown }>(
    db,
    sql`select
        (select coalesce(sum(r.enrollment_count::bigint * cardinality(r.title_ids)), 0)
          from metric_section_requirements r where r.term_id = ${termId}) as "requiredCount",
        (select coalesce(sum(m.required_bought_count), 0) from metric_item_counts m
          where m.division_id = ${divisionId} and m.term_id = ${termId}) as "boughtCount"`,
  );
  return { requiredCount: int(row?.requiredCount), boughtCount: int(row?.boughtCount) };
}

/** A division's kept preference counts by kind (kinds without students have no row). */
export async function preferenceCounts(
  db: Db,
  divisionId: number,
): Promise<{ kind: string; count: number }[]> {
  const rows = await queryRows<{ kind: string; count: unknown }>(
    db,
    sql`select kind, preference_count as count from metric_preference_counts
      where division_id = ${divisionId}`,
  );
  return rows.map((r) => ({ kind: r.kind, count: int(r.count) }));
}

/**
 * A term's sections by the designation they show (issue 31), read from the index on
 * (term_id, designation) alone; the term is of the caller's reached division, so of its store.
 */
export async function designationCounts(
  db: Db,
  termId: number,
): Promise<{ sectionCount: number; ztcCount: number; ltcCount: number }> {
  const [row] = await queryRows<{ all: unknown; ztc: unknown; ltc: unknown }>(
    db,
    sql`select count(*) as "all", count(*) filter (where designation = 'ZTC') as ztc,
        count(*) filter (where designation = 'LTC') as ltc
      from sections where term_id = ${termId}`,
  );
  return { sectionCount: int(row?.all), ztcCount: int(row?.ztc), ltcCount: int(row?.ltc) };
}
