import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/bulk-write.ts';
import type { ItemFigures } from '../modules/metrics/metrics-repository.ts';

/**
 * Test support: the dashboard's kept summaries (migration 0014) of a store next to a recount
 * from the base tables, written independently of the triggers' SQL (per item and section, with
 * coverage-sql.ts's rule spelt out again), so a trigger that misses a change shows as a
 * difference.
 */

/** One kept (or recounted) row: its key and its counts. */
export interface ItemCountRow extends ItemFigures {
  divisionId: number;
  termId: number;
  sectionId: number | null;
}

export interface RequirementRow {
  sectionId: number;
  termId: number;
  enrollmentCount: number;
  titleIds: number[];
}

export interface PreferenceRow {
  divisionId: number;
  kind: string;
  count: number;
}

export interface Summaries {
  items: ItemCountRow[];
  requirements: RequirementRow[];
  preferences: PreferenceRow[];
}

const ITEM_COLUMNS = sql`division_id as "divisionId", term_id as "termId",
  section_id as "sectionId", item_count as "itemCount", fulfilled_count as "fulfilledCount",
  pending_count as "pendingCount", on_hold_count as "onHoldCount",
  cancelled_count as "cancelledCount", due_count as "dueCount", on_time_count as "onTimeCount",
  rent_new_count as "rentNewCount", rent_used_count as "rentUsedCount",
  buy_new_count as "buyNewCount", buy_used_count as "buyUsedCount",
  digital_count as "digitalCount", required_bought_count as "requiredBoughtCount"`;

const ORDER = sql`order by "divisionId", "termId", "sectionId" nulls first`;

/** Each section's required titles: what covers it, required, active, a catalog title. */
const REQUIRED = sql`required as (
  select distinct s.id as section_id, am.title_id
  from sections s
    join adoption_materials am on am.location_id = s.location_id
  where am.active and am.required and not am.no_text_required and am.title_id is not null
    and ((am.adoption_type = 'AUTO_ADOPTION' and am.course_id = s.course_id)
      or exists (select 1 from adoption_material_sections ams
        where ams.adoption_material_id = am.id and ams.section_id = s.id and not ams.removed))
)`;

/** What the triggers keep for the store (rows that count nothing left out). */
export async function keptSummaries(db: Db, locationId: number): Promise<Summaries> {
  const items = await queryRows<ItemCountRow>(
    db,
    sql`select ${ITEM_COLUMNS} from metric_item_counts
      where location_id = ${locationId}
        and (item_count, fulfilled_count, pending_count, on_hold_count, cancelled_count,
          due_count, on_time_count, rent_new_count, rent_used_count, buy_new_count,
          buy_used_count, digital_count, required_bought_count)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      ${ORDER}`,
  );
  const requirements = await queryRows<RequirementRow>(
    db,
    sql`select section_id as "sectionId", term_id as "termId",
        enrollment_count as "enrollmentCount", title_ids as "titleIds"
      from metric_section_requirements where location_id = ${locationId}
      order by section_id`,
  );
  const preferences = await queryRows<PreferenceRow>(
    db,
    sql`select division_id as "divisionId", kind, preference_count as count
      from metric_preference_counts
      where location_id = ${locationId} and preference_count <> 0
      order by division_id, kind`,
  );
  return { items, requirements, preferences };
}

/** The same figures counted again from orders, items, sections, adoptions and students. */
export async function recountedSummaries(db: Db, locationId: number): Promise<Summaries> {
  const items = await queryRows<ItemCountRow>(
    db,
    sql`with ${REQUIRED},
      counted as (
        select o.division_id, o.term_id, i.section_id,
          count(*) filter (where i.status <> 'CANCELLED')::int as item_count,
          count(*) filter (where i.status = 'FULFILLED')::int as fulfilled_count,
          count(*) filter (where i.status = 'PENDING' and o.status <> 'ON_HOLD')::int
            as pending_count,
          count(*) filter (where i.status = 'PENDING' and o.status = 'ON_HOLD')::int
            as on_hold_count,
          count(*) filter (where i.status = 'CANCELLED')::int as cancelled_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.section_id is not null)::int
            as due_count,
          count(*) filter (where i.status = 'FULFILLED'
            and to_char(i.fulfilled_at at time zone 'UTC', 'YYYY-MM-DD')
              <= to_char(s.start_date, 'YYYY-MM-DD'))::int as on_time_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.fulfillment_type = 'RENT_NEW')::int
            as rent_new_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.fulfillment_type = 'RENT_USED')::int
            as rent_used_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.fulfillment_type = 'BUY_NEW')::int
            as buy_new_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.fulfillment_type = 'BUY_USED')::int
            as buy_used_count,
          count(*) filter (where i.status <> 'CANCELLED' and i.fulfillment_type = 'DIGITAL')::int
            as digital_count,
          count(*) filter (where i.status <> 'CANCELLED' and exists (select 1 from required q
            where q.section_id = i.section_id and q.title_id = i.title_id))::int
            as required_bought_count
        from order_items i
          join orders o on o.id = i.order_id
          left join sections s on s.id = i.section_id
        where o.location_id = ${locationId} and o.term_id is not null
        group by o.division_id, o.term_id, i.section_id
      )
      select ${ITEM_COLUMNS} from counted ${ORDER}`,
  );
  const requirements = await queryRows<RequirementRow>(
    db,
    sql`with ${REQUIRED}
      select s.id as "sectionId", s.term_id as "termId",
        (select count(*) from enrollments e where e.section_id = s.id)::int as "enrollmentCount",
        array(select q.title_id from required q where q.section_id = s.id order by q.title_id)
          as "titleIds"
      from sections s
      where s.location_id = ${locationId}
        and exists (select 1 from required q where q.section_id = s.id)
      order by s.id`,
  );
  const preferences = await queryRows<PreferenceRow>(
    db,
    sql`select f.division_id as "divisionId",
        case
          when f.fulfillment = 'DIGITAL' then 'DIGITAL'
          when f.fulfillment = 'OPT_OUT' then 'NONE'
          when trim(st.shipping_preference) = ''
            or lower(trim(st.shipping_preference)) = 'pick up in store'
            or lower(trim(st.shipping_preference)) in (
              select lower(m.name) from shipping_methods m
              where m.location_id = f.location_id and not m.ships_to_address
              union
              select lower(m.code) from shipping_methods m
              where m.location_id = f.location_id and not m.ships_to_address)
          then 'PICKUP'
          else 'SHIP'
        end as kind,
        count(*)::int as count
      from fulfillment_preferences f join students st on st.id = f.student_id
      where f.location_id = ${locationId} and f.division_id is not null
      group by 1, 2
      order by 1, 2`,
  );
  return { items, requirements, preferences };
}

/** A division's figures for a term, summed from item rows (kept or recounted). */
export function totalsOf(
  rows: readonly ItemCountRow[],
  divisionId: number,
  termId: number,
): Omit<ItemCountRow, 'divisionId' | 'termId' | 'sectionId'> {
  const total = {
    itemCount: 0,
    fulfilledCount: 0,
    pendingCount: 0,
    onHoldCount: 0,
    cancelledCount: 0,
    dueCount: 0,
    onTimeCount: 0,
    rentNewCount: 0,
    rentUsedCount: 0,
    buyNewCount: 0,
    buyUsedCount: 0,
    digitalCount: 0,
    requiredBoughtCount: 0,
  };
  for (const row of rows) {
    if (row.divisionId !== divisionId || row.termId !== termId) continue;
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
  }
  return total;
}
