import { sql, type SQL } from 'drizzle-orm';
import type { CostDesignation } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { coveringAdoptionsSql } from '../coverage-sql.ts';

/** Which sections a gap query looks at: one term (and department), or one course's terms. */
export type GapSelection =
  | { kind: 'term'; termId: number; departmentId?: number }
  /** The terms in which the course has a section ending on or after `today`. */
  | { kind: 'course'; courseId: number; today: string };

export interface GapQuery {
  locationId: number;
  /** The caller's VIEW_SECTION scope over a section `s` of a course `c`. */
  scope: SQL;
  /** The caller's adopt scope over a section `s` of a course `c` (adoptScopeCondition). */
  adoptScope: SQL;
  selection: GapSelection;
}

/** One compared section of a course and term that has a gap, as the statement answers it. */
export interface GapRow {
  divisionId: number;
  departmentId: number;
  departmentCode: string;
  courseId: number;
  courseCode: string;
  courseName: string;
  termId: number;
  termName: string;
  sectionId: number;
  sectionCode: string;
  professorNames: string[] | null;
  lowCents: number | null;
  highCents: number | null;
  designation: CostDesignation;
  isCheapest: boolean;
  costDiffers: boolean;
  materialsDiffer: boolean;
  differenceCents: number | null;
  thresholdCents: number;
  /** Whether the caller may open the course's course detail. */
  mayOpenCourse: boolean;
}

function selectionSql(s: GapSelection): SQL {
  if (s.kind === 'term') {
    const department =
      s.departmentId === undefined ? sql`` : sql`and c.department_id = ${s.departmentId}`;
    return sql`s.term_id = ${s.termId} ${department}`;
  }
  return sql`s.course_id = ${s.courseId} and s.term_id in (
    select o.term_id from sections o where o.course_id = ${s.courseId} and o.end_date >= ${s.today})`;
}

/**
 * The cost-gap rule, in one statement (docs/behaviour/flows.md#cost-transparency). Compared:
 * the selected sections of the store inside the caller's scope that some adoption covers
 * (listing_count, kept by ADR 0016's triggers); a section no adoption covers yet is left out.
 * Per course and term the cheapest is the section with the least known cost at the cheapest
 * way (ties by section code, then id). A section has a gap when its known cost is more than
 * the store's threshold above the cheapest's (exactly the threshold is no gap), or when its
 * required titles, as a set, are not the cheapest's (no-text-required and optional adoptions
 * add no title: a section requiring nothing has the empty set). A course whose sections have
 * no known cost has no cheapest, so no gap. Answers every compared section of each course and
 * term with at least one gap, the cheapest included, by department, course, term and section.
 */
export async function listGapRows(db: Db, q: GapQuery): Promise<GapRow[]> {
  const rows = await queryRows<GapRow>(
    db,
    sql`with compared as (
        select s.id, s.course_id, s.term_id, s.code, s.name_key,
          s.required_cost_low_cents as low, s.required_cost_high_cents as high, s.designation
        from sections s join courses c on c.id = s.course_id
        where s.location_id = ${q.locationId} and s.listing_count > 0
          and ${selectionSql(q.selection)} and (${q.scope})
      ),
      cover as (${coveringAdoptionsSql(q.locationId, 'compared')}),
      required_titles as (
        select k.section_id, array_agg(distinct k.title_key order by k.title_key) as titles
        from (
          select cv.section_id,
            coalesce('t' || am.title_id::text, 'p' || am.proposed_title_id::text) as title_key
          from cover cv join adoption_materials am on am.id = cv.adoption_material_id
          where am.required and not am.no_text_required
        ) k
        where k.title_key is not null
        group by k.section_id
      ),
      ranked as (
        select cp.*, coalesce(rt.titles, '{}'::text[]) as titles,
          first_value(cp.id) over (partition by cp.course_id, cp.term_id
            order by cp.low asc nulls last, cp.name_key, cp.id) as cheapest_id
        from compared cp left join required_titles rt on rt.section_id = cp.id
      ),
      judged as (
        select r.*, r.id = ch.id as is_cheapest, r.low - ch.low as difference,
          coalesce(r.low - ch.low > l.cost_gap_threshold_cents, false) as cost_differs,
          (ch.low is not null and r.id <> ch.id and r.titles <> ch.titles) as materials_differ,
          l.cost_gap_threshold_cents as threshold
        from ranked r join ranked ch on ch.id = r.cheapest_id
          cross join (select cost_gap_threshold_cents from locations
            where id = ${q.locationId}) l
      ),
      gapped as (
        select j.*, bool_or(j.cost_differs or j.materials_differ)
          over (partition by j.course_id, j.term_id) as course_has_gap
        from judged j
      )
      select c.division_id as "divisionId", c.department_id as "departmentId",
        d.code as "departmentCode", c.id as "courseId", c.code as "courseCode",
        c.name as "courseName", t.id as "termId", t.name as "termName",
        g.id as "sectionId", g.code as "sectionCode",
        array(select p.first_name || ' ' || p.last_name
          from section_professors sp join professors p on p.id = sp.professor_id
          where sp.section_id = g.id
          order by p.last_name, p.first_name) as "professorNames",
        g.low as "lowCents", g.high as "highCents", g.designation,
        g.is_cheapest as "isCheapest", g.cost_differs as "costDiffers",
        g.materials_differ as "materialsDiffer", g.difference as "differenceCents",
        g.threshold as "thresholdCents",
        -- Course detail's rule (courseAccess): an adopt action on the course or on any of its
        -- sections, of any term; a course grant reaches its sections, so asking of each
        -- section answers both.
        exists (select 1 from sections s where s.course_id = c.id and (${q.adoptScope}))
          as "mayOpenCourse"
      from gapped g
        join courses c on c.id = g.course_id
        join departments d on d.id = c.department_id
        join terms t on t.id = g.term_id
      where g.course_has_gap
      order by d.code, c.code, c.id, t.start_date, t.id, g.name_key, g.id`,
  );
  return rows.map((r) => ({
    ...r,
    lowCents: r.lowCents === null ? null : Number(r.lowCents),
    highCents: r.highCents === null ? null : Number(r.highCents),
    differenceCents: r.differenceCents === null ? null : Number(r.differenceCents),
    thresholdCents: Number(r.thresholdCents),
  }));
}

/** The store's gap threshold (answered even when no course has a gap). */
export async function gapThreshold(db: Db, locationId: number): Promise<number> {
  const [row] = await queryRows<{ cents: unknown }>(
    db,
    sql`select cost_gap_threshold_cents as cents from locations where id = ${locationId}`,
  );
  return Number(row?.cents ?? 0);
}

/**
 * Whether the store has a section of this term (and department) inside the caller's scope:
 * the report answers 404 for an id of another store, or one the caller cannot see, alike.
 */
export async function hasScopedSection(
  db: Db,
  q: { locationId: number; scope: SQL; termId: number; departmentId?: number },
): Promise<boolean> {
  const department =
    q.departmentId === undefined ? sql`` : sql`and c.department_id = ${q.departmentId}`;
  const [row] = await queryRows<{ found: unknown }>(
    db,
    sql`select exists (
        select 1 from sections s join courses c on c.id = s.course_id
        where s.location_id = ${q.locationId} and s.term_id = ${q.termId} ${department}
          and (${q.scope})) as found`,
  );
  return row?.found === true || row?.found === 't';
}
