import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import type { SourceAdoptionRow } from './rollover-repository.ts';

/** A rollover proposal nobody confirmed yet, active, over `am`. */
const UNCONFIRMED = sql`am.source = 'ROLLOVER' and am.confirmed_at is null and am.active`;

/** The material columns presentMaterial reads, over `am`, `ti` (titles), `pt` (proposed titles). */
const MATERIAL_COLUMNS = sql`am.id as "adoptionMaterialId", am.title_id as "titleId",
  am.no_text_required as "noTextRequired", am.required, ti.ean13,
  coalesce(ti.description, pt.description) as title,
  coalesce(ti.author, pt.author) as author, coalesce(ti.edition, pt.edition) as edition`;

const MATERIAL_JOINS = sql`left join titles ti on ti.id = am.title_id
  left join proposed_titles pt on pt.id = am.proposed_title_id`;

export interface UnconfirmedFilters {
  targetTermId?: number | undefined;
  divisionId?: number | undefined;
  departmentId?: number | undefined;
}

export type UnconfirmedRow = Omit<SourceAdoptionRow, 'sectionId'> & {
  termId: number;
  termName: string;
  divisionId: number;
  divisionName: string;
  departmentCode: string;
  courseCode: string;
  courseName: string;
  proposedAt: Date | string;
  sections: { sectionCode: string; instructors: string[] }[] | string;
};

function unconfirmedWhere(locationId: number, divisions: SQL, f: UnconfirmedFilters): SQL {
  return sql`am.location_id = ${locationId} and ${UNCONFIRMED} and ${divisions}
    ${f.targetTermId === undefined ? sql`` : sql`and am.rollover_term_id = ${f.targetTermId}`}
    ${f.divisionId === undefined ? sql`` : sql`and c.division_id = ${f.divisionId}`}
    ${f.departmentId === undefined ? sql`` : sql`and c.department_id = ${f.departmentId}`}`;
}

const FROM = sql`from adoption_materials am
  join courses c on c.id = am.course_id
  join divisions dv on dv.id = c.division_id
  join departments d on d.id = c.department_id
  join terms t on t.id = am.rollover_term_id`;

/**
 * The unconfirmed proposals of the caller's divisions (`divisions`, over `dv.id`) and filters,
 * by term start, department, course, id; `limit` null for all of them (the export). Each with
 * the sections it covers and their instructors.
 */
export async function listUnconfirmed(
  db: Db,
  locationId: number,
  divisions: SQL,
  filters: UnconfirmedFilters,
  page: { limit: number; offset: number } | null,
): Promise<UnconfirmedRow[]> {
  return queryRows<UnconfirmedRow>(
    db,
    sql`select ${MATERIAL_COLUMNS}, t.id as "termId", t.name as "termName",
        dv.id as "divisionId", dv.name as "divisionName", d.code as "departmentCode",
        c.code as "courseCode", c.name as "courseName", am.created_at as "proposedAt",
        (select coalesce(json_agg(json_build_object('sectionCode', s.code, 'instructors',
            (select coalesce(json_agg(p.first_name || ' ' || p.last_name order by p.last_name,
               p.first_name), '[]'::json)
             from section_professors sp join professors p on p.id = sp.professor_id
             where sp.section_id = s.id)) order by s.code), '[]'::json)
         from adoption_material_sections ams join sections s on s.id = ams.section_id
         where ams.adoption_material_id = am.id and not ams.removed) as sections
      ${FROM} ${MATERIAL_JOINS}
      where ${unconfirmedWhere(locationId, divisions, filters)}
      order by t.start_date, d.code, c.code, am.id
      ${page === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`}`,
  );
}

export async function countUnconfirmed(
  db: Db,
  locationId: number,
  divisions: SQL,
  filters: UnconfirmedFilters,
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n ${FROM} where ${unconfirmedWhere(locationId, divisions, filters)}`,
  );
  return Number(row?.n ?? 0);
}

/** A proposal as My courses lists it, on one of the caller's sections. */
export type OwnProposalRow = Omit<SourceAdoptionRow, 'sectionId'> & {
  courseId: number;
  termName: string;
  fromTermName: string | null;
  sectionId: number;
  sectionCode: string;
};

/**
 * The unconfirmed proposals covering any of `sectionIds` (the caller's own sections), one row
 * per proposal and section, by proposal then section code.
 */
export async function proposalsOnSections(
  db: Db,
  locationId: number,
  sectionIds: readonly number[],
): Promise<OwnProposalRow[]> {
  if (sectionIds.length === 0) return [];
  return queryRows<OwnProposalRow>(
    db,
    sql`select ${MATERIAL_COLUMNS}, am.course_id as "courseId", t.name as "termName",
        ft.name as "fromTermName", s.id as "sectionId", s.code as "sectionCode"
      from adoption_materials am
        join adoption_material_sections ams on ams.adoption_material_id = am.id and not ams.removed
        join sections s on s.id = ams.section_id
        join terms t on t.id = am.rollover_term_id
        left join adoption_materials src on src.id = am.rolled_from_id
        left join lateral (select t2.name from adoption_material_sections ams2
            join sections s2 on s2.id = ams2.section_id join terms t2 on t2.id = s2.term_id
            where ams2.adoption_material_id = src.id order by t2.start_date desc limit 1) ft on true
        ${MATERIAL_JOINS}
      where am.location_id = ${locationId} and ${UNCONFIRMED}
        and s.id in (${sql.join([...sectionIds], sql`, `)})
      order by am.id, s.code`,
  );
}

/** The proposals among `ids` (the store's, source ROLLOVER) with the sections they are on. */
export async function proposalSections(
  db: Db,
  locationId: number,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  const rows = await queryRows<{ id: number; sectionId: number | null }>(
    db,
    sql`select am.id, ams.section_id as "sectionId" from adoption_materials am
        left join adoption_material_sections ams on ams.adoption_material_id = am.id
          and not ams.removed
      where am.location_id = ${locationId} and am.source = 'ROLLOVER' and am.active
        and am.id in (${sql.join([...ids], sql`, `)})`,
  );
  const found = new Map<number, number[]>();
  for (const r of rows) {
    const list = found.get(Number(r.id)) ?? [];
    if (r.sectionId !== null) list.push(Number(r.sectionId));
    found.set(Number(r.id), list);
  }
  return found;
}

/**
 * Confirms the proposals not confirmed yet (one already confirmed keeps its first confirmation),
 * each with a ROLLOVER_CONFIRMED history entry; answers those it confirmed now.
 */
export async function confirmProposals(
  db: Db,
  stamp: { locationId: number; accountId: number; at: Date },
  ids: readonly number[],
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update adoption_materials set confirmed_at = ${stamp.at}, confirmed_by = ${stamp.accountId}
      where location_id = ${stamp.locationId} and source = 'ROLLOVER' and active
        and confirmed_at is null and id in (${sql.join([...ids], sql`, `)})
      returning id`,
  );
  const confirmed = rows.map((r) => Number(r.id));
  if (confirmed.length > 0) {
    await db.execute(
      sql`insert into adoption_activity (location_id, adoption_material_id, actor_account_id, action, at, details)
        select ${stamp.locationId}, x.id, ${stamp.accountId}, 'ROLLOVER_CONFIRMED', ${stamp.at}, '{}'::jsonb
        from unnest(${`{${confirmed.join(',')}}`}::int[]) as x(id)`,
    );
  }
  return confirmed;
}

/** Whether a department (or term) of the store lies in the caller's divisions (over `dv.id`). */
export async function inCallerDivisions(
  db: Db,
  locationId: number,
  divisions: SQL,
  item: { table: 'departments' | 'terms'; id: number; divisionId?: number | undefined },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from ${sql.raw(item.table)} x join divisions dv on dv.id = x.division_id
      where x.id = ${item.id} and dv.location_id = ${locationId} and ${divisions}
        ${item.divisionId === undefined ? sql`` : sql`and dv.id = ${item.divisionId}`}`,
  );
  return rows.length > 0;
}
