import { ADOPTION_TYPE, type RolloverTerm } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';

/** What a rollover is about, once checked: the division, perhaps a department, two terms. */
export interface RolloverScope {
  locationId: number;
  divisionId: number;
  departmentId: number | null;
}

/** The division, when the caller's campaign predicate (over `dv.id`) admits it. */
export async function findDivision(
  db: Db,
  locationId: number,
  divisionId: number,
  divisions: SQL,
): Promise<{ divisionId: number; divisionName: string } | null> {
  const [row] = await queryRows<{ divisionId: number; divisionName: string }>(
    db,
    sql`select dv.id as "divisionId", dv.name as "divisionName" from divisions dv
      where dv.location_id = ${locationId} and dv.id = ${divisionId} and ${divisions}`,
  );
  return row ?? null;
}

/** Whether the department is one of the division's. */
export async function departmentInDivision(
  db: Db,
  divisionId: number,
  departmentId: number,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from departments where id = ${departmentId} and division_id = ${divisionId}`,
  );
  return rows.length > 0;
}

/** The division's terms, newest first. */
export async function divisionTerms(db: Db, divisionIds: readonly number[]) {
  if (divisionIds.length === 0) return [];
  return queryRows<RolloverTerm & { divisionId: number }>(
    db,
    sql`select id as "termId", name as "termName", start_date::text as "startDate",
        division_id as "divisionId"
      from terms where division_id in (${sql.join([...divisionIds], sql`, `)})
      order by start_date desc, id desc`,
  );
}

/** A term of the division, or null. */
export async function findTerm(
  db: Db,
  divisionId: number,
  termId: number,
): Promise<RolloverTerm | null> {
  const [row] = await queryRows<RolloverTerm>(
    db,
    sql`select id as "termId", name as "termName", start_date::text as "startDate" from terms
      where id = ${termId} and division_id = ${divisionId}`,
  );
  return row ?? null;
}

/** Whether the term ended before `today` (YYYY-MM-DD). */
export async function termEnded(db: Db, termId: number, today: string): Promise<boolean> {
  const ended = sql`select id from terms where id = ${termId} and end_date < ${today}::date`;
  return (await queryRows<{ id: number }>(db, ended)).length > 0;
}

/**
 * The division's latest term starting before `before` whose name starts with `season` (the
 * name's first word: "Fall" of "Fall 2025 - Main Campus"), or null.
 */
export async function latestOfSeason(
  db: Db,
  divisionId: number,
  season: string,
  before: string,
): Promise<RolloverTerm | null> {
  const [row] = await queryRows<RolloverTerm>(
    db,
    sql`select id as "termId", name as "termName", start_date::text as "startDate" from terms
      where division_id = ${divisionId} and start_date < ${before}::date
        and lower(split_part(btrim(name), ' ', 1)) = lower(${season})
      order by start_date desc, id desc limit 1`,
  );
  return row ?? null;
}

/** The caller's divisions (the campaign predicate over `dv.id`), by name. */
export async function listDivisions(db: Db, locationId: number, divisions: SQL) {
  return queryRows<{ divisionId: number; divisionName: string }>(
    db,
    sql`select dv.id as "divisionId", dv.name as "divisionName" from divisions dv
      where dv.location_id = ${locationId} and ${divisions} order by dv.name, dv.id`,
  );
}

/** The divisions' departments, by code. */
export async function divisionDepartments(db: Db, divisionIds: readonly number[]) {
  if (divisionIds.length === 0) return [];
  return queryRows<{ departmentId: number; code: string; name: string; divisionId: number }>(
    db,
    sql`select id as "departmentId", code, name, division_id as "divisionId" from departments
      where division_id in (${sql.join([...divisionIds], sql`, `)}) order by code, id`,
  );
}

/** The sections of one term within the scope, over `s` (with `c`, its course). */
const scopedSections = (scope: RolloverScope, termId: number) =>
  sql`select s.id, s.course_id, s.code, s.start_date, s.listing_count,
      case when s.enrollment_count > 0 then s.enrollment_count else s.estimated_enrollment end as enrollment
    from sections s join courses c on c.id = s.course_id
    where s.location_id = ${scope.locationId} and s.term_id = ${termId}
      and c.division_id = ${scope.divisionId}
      ${scope.departmentId === null ? sql`` : sql`and c.department_id = ${scope.departmentId}`}`;

/** One pair of sections (or a section without its counterpart) of the two terms. */
export interface PairRow {
  courseId: number;
  departmentCode: string;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  sourceSectionId: number | null;
  targetSectionId: number | null;
  targetStart: string | null;
  sourceEnrollment: number | string | null;
  targetEnrollment: number | string | null;
  /** The target section already has an adoption (the kept listing count, no-text-required too). */
  adopted: boolean | string | null;
}

/**
 * The scope's sections of the target and the source term, matched by course and section code
 * (unique per course and term), each unmatched one on its own row; by department, course,
 * section code.
 */
export async function pairSections(
  db: Db,
  scope: RolloverScope,
  sourceTermId: number,
  targetTermId: number,
): Promise<PairRow[]> {
  return queryRows<PairRow>(
    db,
    sql`with tgt as (${scopedSections(scope, targetTermId)}),
        src as (${scopedSections(scope, sourceTermId)})
      select c.id as "courseId", d.code as "departmentCode", c.code as "courseCode",
        c.name as "courseName", coalesce(t.code, s.code) as "sectionCode",
        s.id as "sourceSectionId", t.id as "targetSectionId", t.start_date::text as "targetStart",
        s.enrollment as "sourceEnrollment", t.enrollment as "targetEnrollment",
        t.listing_count > 0 as "adopted"
      from tgt t full join src s on s.course_id = t.course_id and s.code = t.code
        join courses c on c.id = coalesce(t.course_id, s.course_id)
        join departments d on d.id = c.department_id
      order by d.code, c.code, c.id, coalesce(t.code, s.code)`,
  );
}

/** A section adoption still on a source section, with its material. */
export interface SourceAdoptionRow {
  sectionId: number;
  adoptionMaterialId: number;
  titleId: number | null;
  noTextRequired: boolean | string;
  required: boolean | string;
  ean13: string | null;
  title: string | null;
  author: string | null;
  edition: string | null;
}

/**
 * The section adoptions (active, still on the section) of the scope's sections of the source
 * term: what a rollover carries. A course's auto adoption is not carried: it already covers the
 * coming sections.
 */
export async function sourceAdoptions(
  db: Db,
  scope: RolloverScope,
  sourceTermId: number,
): Promise<SourceAdoptionRow[]> {
  return queryRows<SourceAdoptionRow>(
    db,
    sql`with src as (${scopedSections(scope, sourceTermId)})
      select src.id as "sectionId", am.id as "adoptionMaterialId", am.title_id as "titleId",
        am.no_text_required as "noTextRequired", am.required, ti.ean13,
        coalesce(ti.description, pt.description) as title,
        coalesce(ti.author, pt.author) as author, coalesce(ti.edition, pt.edition) as edition
      from src
        join adoption_material_sections ams on ams.section_id = src.id and not ams.removed
        join adoption_materials am on am.id = ams.adoption_material_id and am.active
          and am.adoption_type = ${ADOPTION_TYPE.SECTION}
        left join titles ti on ti.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      order by src.id, am.no_text_required, am.id`,
  );
}

/**
 * Locks the scope's courses, in id order, for the rest of the transaction: the lock every write
 * of a course's adoptions takes first (lockCourse), so an apply and a wizard submit (or two
 * applies) on one course go one after the other and the second sees the first's adoptions.
 */
export async function lockScopeCourses(db: Db, scope: RolloverScope): Promise<void> {
  await db.execute(
    sql`select c.id from courses c
      where c.location_id = ${scope.locationId} and c.division_id = ${scope.divisionId}
        ${scope.departmentId === null ? sql`` : sql`and c.department_id = ${scope.departmentId}`}
      order by c.id for update`,
  );
}

/** One proposal to write: the earlier adoption, and the target sections it is to cover. */
export interface ProposalWrite {
  fromId: number;
  sectionIds: number[];
  startDate: string;
}

/**
 * Writes the proposals set-based: each a copy of its earlier adoption's answers with source
 * ROLLOVER, on its target sections, with a ROLLED_OVER history entry. One already carried to
 * the term (the unique index on rolled_from_id and rollover_term_id) is left as it is; answers
 * the ids of those created with the earlier adoption each carries.
 */
export async function insertProposals(
  db: Db,
  stamp: { locationId: number; accountId: number; termId: number; at: Date },
  writes: readonly ProposalWrite[],
): Promise<{ id: number; fromId: number }[]> {
  if (writes.length === 0) return [];
  const json = JSON.stringify(
    writes.map((w) => ({
      from_id: w.fromId,
      section_ids: `{${w.sectionIds.join(',')}}`,
      start_date: w.startDate,
    })),
  );
  const input = sql`json_to_recordset(${json}::json) as x(from_id int, section_ids int[], start_date date)`;
  const made = await queryRows<{ id: number; fromId: number }>(
    db,
    sql`insert into adoption_materials (location_id, course_id, title_id, proposed_title_id,
        adoption_type, start_date, required, bind_in_component_required, print_only_required,
        estimated_section_enrollment, external_adoption_note, flexible_on_edition, ia,
        iapublisher, no_text_required, material_kind, created_by, source, rolled_from_id,
        rollover_term_id, created_at, updated_at)
      select am.location_id, am.course_id, am.title_id, am.proposed_title_id, am.adoption_type,
        x.start_date, am.required, am.bind_in_component_required, am.print_only_required,
        am.estimated_section_enrollment, am.external_adoption_note, am.flexible_on_edition,
        am.ia, am.iapublisher, am.no_text_required, am.material_kind, ${stamp.accountId},
        'ROLLOVER', am.id, ${stamp.termId}, ${stamp.at}, ${stamp.at}
      from ${input} join adoption_materials am on am.id = x.from_id
        and am.location_id = ${stamp.locationId}
      order by am.id
      on conflict (rolled_from_id, rollover_term_id) where rolled_from_id is not null do nothing
      returning id, rolled_from_id as "fromId"`,
  );
  if (made.length === 0) return [];
  const ids = JSON.stringify(made.map((m) => ({ id: Number(m.id), from_id: Number(m.fromId) })));
  const createdInput = sql`json_to_recordset(${ids}::json) as m(id int, from_id int)`;
  await db.execute(
    sql`insert into adoption_material_sections (adoption_material_id, section_id, removed)
      select m.id, s.id, false from ${createdInput} join ${input} on x.from_id = m.from_id
        cross join lateral unnest(x.section_ids) as s(id)`,
  );
  await db.execute(
    sql`insert into adoption_activity (location_id, adoption_material_id, actor_account_id, action, at, details)
      select ${stamp.locationId}, m.id, ${stamp.accountId}, 'ROLLED_OVER', ${stamp.at},
        jsonb_build_object('after', jsonb_build_object('rolledFromId', m.from_id,
          'rolloverTermId', ${stamp.termId}::int, 'sectionCodes',
          (select coalesce(jsonb_agg(s.code order by s.code), '[]') from sections s
            where s.id = any(x.section_ids))))
      from ${createdInput} join ${input} on x.from_id = m.from_id`,
  );
  return made.map((m) => ({ id: Number(m.id), fromId: Number(m.fromId) }));
}

/** Which of these earlier adoptions were already carried to the term. */
export async function alreadyCarried(
  db: Db,
  termId: number,
  fromIds: readonly number[],
): Promise<Set<number>> {
  if (fromIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select rolled_from_id as id from adoption_materials
      where rollover_term_id = ${termId}
        and rolled_from_id = any(${`{${fromIds.join(',')}}`}::int[])`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
