import { ADOPTION_TYPE, type MaterialKind } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { deadlineStatusSql } from '../../campaigns/index.ts';
import { sectionEnrollmentSql } from '../material-changes/material-changes-repository.ts';

/** The catalog columns of the own-sections statement, for the caller's grant predicates. */
export const OWN_SECTION_COLUMNS = {
  divisionId: sql.raw('c.division_id'),
  departmentId: sql.raw('c.department_id'),
  courseId: sql.raw('c.id'),
  sectionId: sql.raw('s.id'),
};

/** One of the caller's sections with its course, term, status facts and deadline standing. */
export interface OwnSectionRow {
  sectionId: number;
  sectionCode: string;
  termId: number;
  termName: string;
  termStart: string;
  startDate: string;
  endDate: string;
  statusRank: number | string;
  deadline: string | null;
  deadlineStatus: string;
  adoptedAt: Date | string | null;
  courseId: number;
  divisionId: number;
  divisionName: string;
  departmentId: number;
  departmentCode: string;
  courseCode: string;
  courseName: string;
}

/**
 * The store's sections of terms not yet ended that the account teaches (its professor record)
 * or that `narrow` admits (the caller's grants narrower than a division; null: none), optionally
 * of one course; by division, department, course, term start and section code. The candidates
 * come from the account's professor records (and the narrow grants' catalog), so the list costs
 * what the caller teaches, not what the store holds. Status and standing are read from the kept
 * section facts (migrations 0012, 0034), not recounted.
 */
export async function listOwnSections(
  db: Db,
  q: {
    locationId: number;
    accountId: number;
    narrow: SQL | null;
    today: string;
    courseId?: number;
  },
): Promise<OwnSectionRow[]> {
  const granted = q.narrow
    ? sql`union
        select s.id from sections s join courses c on c.id = s.course_id
        where s.location_id = ${q.locationId} and (${q.narrow})`
    : sql``;
  return queryRows<OwnSectionRow>(
    db,
    sql`with own as (
        select sp.section_id as id from professors p
          join section_professors sp on sp.professor_id = p.id
        where p.account_id = ${q.accountId} and p.location_id = ${q.locationId}
        ${granted}
      )
      select s.id as "sectionId", s.code as "sectionCode", t.id as "termId",
        t.name as "termName", t.start_date::text as "termStart",
        s.start_date::text as "startDate", s.end_date::text as "endDate",
        s.adoption_status_rank as "statusRank", t.adoption_deadline::text as "deadline",
        ${deadlineStatusSql('s', 't', q.today)} as "deadlineStatus",
        s.first_adopted_at as "adoptedAt",
        c.id as "courseId", c.division_id as "divisionId", dv.name as "divisionName",
        d.id as "departmentId", d.code as "departmentCode", c.code as "courseCode",
        c.name as "courseName"
      from sections s
        join terms t on t.id = s.term_id
        join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
        join divisions dv on dv.id = c.division_id
      where s.id in (select id from own) and s.location_id = ${q.locationId}
        and t.end_date >= ${q.today}::date
        ${q.courseId === undefined ? sql`` : sql`and c.id = ${q.courseId}`}
      order by dv.name, d.code, c.code, t.start_date, s.code, s.id`,
  );
}

/** An adoption of a course's previous term, with its material and its answers. */
export interface PreviousAdoptionRow {
  courseId: number;
  termId: number;
  termName: string;
  adoptionId: number;
  titleId: number | null;
  proposedTitleId: number | null;
  noTextRequired: boolean;
  required: boolean;
  bindInComponentRequired: boolean;
  printOnlyRequired: boolean;
  flexibleOnEdition: boolean;
  ia: boolean;
  iapublisher: string | null;
  /** The kind the adopter chose (null: the title's). */
  materialKind: MaterialKind | null;
  estimatedSectionEnrollment: number | null;
  externalAdoptionNote: string;
  ean13: string | null;
  titleDescription: string | null;
  titleAuthor: string | null;
  titleEdition: string | null;
  proposedDescription: string | null;
  proposedAuthor: string | null;
  proposedEdition: string | null;
}

/** A section adoption still on a section (active, the link not removed), over `s`. */
const ADOPTED_ON_SECTION = sql`join adoption_material_sections ams
    on ams.section_id = s.id and not ams.removed
  join adoption_materials am on am.id = ams.adoption_material_id
    and am.active and am.adoption_type = ${ADOPTION_TYPE.SECTION}`;

/**
 * For each course, the adoptions of its most recent term starting before `before` whose
 * sections carry section adoptions (active, still on the section), newest first. A course's
 * auto adoption is not a term's: an active one covers the coming sections too.
 */
export async function listPreviousAdoptions(
  db: Db,
  locationId: number,
  wanted: readonly { courseId: number; before: string }[],
): Promise<PreviousAdoptionRow[]> {
  if (wanted.length === 0) return [];
  const json = JSON.stringify(wanted.map((w) => ({ course_id: w.courseId, before: w.before })));
  const rows = await queryRows<PreviousAdoptionRow>(
    db,
    sql`with wanted as (
        select * from json_to_recordset(${json}::json) as w(course_id int, before date)
      ),
      prev as (
        select distinct on (w.course_id) w.course_id, t.id as term_id, t.name as term_name
        from wanted w
          join sections s on s.course_id = w.course_id and s.location_id = ${locationId}
          join terms t on t.id = s.term_id and t.start_date < w.before
        where exists (select 1 from sections s2 ${ADOPTED_ON_SECTION} where s2.id = s.id)
        order by w.course_id, t.start_date desc, t.id desc
      )
      select distinct on (am.id) p.course_id as "courseId", p.term_id as "termId",
        p.term_name as "termName", am.id as "adoptionId", am.title_id as "titleId",
        am.proposed_title_id as "proposedTitleId", am.no_text_required as "noTextRequired",
        am.required, am.bind_in_component_required as "bindInComponentRequired",
        am.print_only_required as "printOnlyRequired",
        am.flexible_on_edition as "flexibleOnEdition", am.ia, am.iapublisher,
        am.material_kind as "materialKind", am.estimated_section_enrollment as "estimatedSectionEnrollment",
        am.external_adoption_note as "externalAdoptionNote",
        ti.ean13, ti.description as "titleDescription", ti.author as "titleAuthor",
        ti.edition as "titleEdition", pt.description as "proposedDescription",
        pt.author as "proposedAuthor", pt.edition as "proposedEdition"
      from prev p
        join sections s on s.course_id = p.course_id and s.term_id = p.term_id
        ${ADOPTED_ON_SECTION}
        left join titles ti on ti.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      order by am.id desc`,
  );
  // Flags as booleans whichever driver answered (text 't' from some).
  const flag = (v: unknown) => v === true || v === 't';
  return rows.map((r) => ({
    ...r,
    noTextRequired: flag(r.noTextRequired),
    required: flag(r.required),
    bindInComponentRequired: flag(r.bindInComponentRequired),
    printOnlyRequired: flag(r.printOnlyRequired),
    flexibleOnEdition: flag(r.flexibleOnEdition),
    ia: flag(r.ia),
    estimatedSectionEnrollment:
      r.estimatedSectionEnrollment === null ? null : Number(r.estimatedSectionEnrollment),
  }));
}

/** A section's enrollment beside its counterpart's of an earlier term. */
export interface EnrollmentPairRow {
  sectionId: number;
  before: number | string;
  after: number | string;
}

/**
 * Each asked section's enrollment figure (`after`) beside that of the section of the same
 * course and code in the term named with it (`before`), when that term started earlier; a
 * section without such a counterpart is absent. One statement for any number of sections, the
 * counterpart found by the unique (course, term, code) index.
 */
export async function listPreviousEnrollments(
  db: Db,
  locationId: number,
  wanted: readonly { sectionId: number; previousTermId: number }[],
): Promise<EnrollmentPairRow[]> {
  if (wanted.length === 0) return [];
  const json = JSON.stringify(
    wanted.map((w) => ({ section_id: w.sectionId, term_id: w.previousTermId })),
  );
  return queryRows<EnrollmentPairRow>(
    db,
    sql`with wanted as (
        select * from json_to_recordset(${json}::json) as w(section_id int, term_id int)
      )
      select s.id as "sectionId", ${sectionEnrollmentSql('p')} as "before",
        ${sectionEnrollmentSql('s')} as "after"
      from wanted w
        join sections s on s.id = w.section_id and s.location_id = ${locationId}
        join terms st on st.id = s.term_id
        join terms pt on pt.id = w.term_id and pt.start_date < st.start_date
        join sections p on p.course_id = s.course_id and p.term_id = pt.id and p.code = s.code`,
  );
}

/** The adoptions an account created with request ids of one "adopt the same" submit. */
export async function findBySubmitId(
  db: Db,
  accountId: number,
  submitId: string,
): Promise<{ id: number; courseId: number }[]> {
  return queryRows(
    db,
    sql`select id, course_id as "courseId" from adoption_materials
      where created_by = ${accountId} and request_id like ${`${submitId}:%`}
      order by id`,
  );
}
