import { sql, type SQL } from 'drizzle-orm';
import {
  IA_STUDENT_PAGE_PAST_DAYS,
  shortTermName,
  type IaChoice,
  type IaModel,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A participant's section as the student page and the staff screen read it. */
export interface IaSectionRow {
  participantId: number;
  studentId: number;
  sectionId: number;
  termName: string;
  sectionName: string;
  courseTitle: string;
  model: IaModel;
  materials: { title: string; author: string; priceCents: number }[];
  deadline: string | null;
  choice: IaChoice | null;
  enrolled: boolean;
}

interface RawRow {
  participant_id: number;
  student_id: number;
  section_id: number;
  term_name: string;
  dept_code: string;
  course_code: string;
  section_code: string;
  course_title: string;
  model: IaModel;
  materials: string | IaSectionRow['materials'] | null;
  deadline: string | null;
  choice: IaChoice | null;
  enrolled: boolean;
}

/** Which participations to read: the student's, optionally one of them, and more conditions. */
export interface IaSectionFilter {
  locationId: number;
  studentId?: number;
  participantId?: number;
  /** For the student page: only terms whose deadline is not long past (see IA_STUDENT_PAGE_PAST_DAYS). */
  currentOn?: string;
  /** Only enrolled participants. */
  enrolledOnly?: boolean;
  /** A staff caller's scope, over the section `s` and its course `c` (Grants.scopePredicate). */
  scope?: SQL;
}

/** The catalog columns of a participation's section for a scope predicate (see `scope`). */
export const IA_SECTION_COLUMNS = {
  divisionId: sql`c.division_id`,
  departmentId: sql`c.department_id`,
  courseId: sql`s.course_id`,
  sectionId: sql`s.id`,
};

/**
 * The participations `filter` names, each with its section, term deadline and the program's
 * materials and prices (`p` participant, `pr` program, `s` section, `t` term).
 */
export async function listIaSections(db: Db, filter: IaSectionFilter): Promise<IaSectionRow[]> {
  const where: SQL[] = [sql`p.location_id = ${filter.locationId}`];
  if (filter.studentId !== undefined) where.push(sql`p.student_id = ${filter.studentId}`);
  if (filter.participantId !== undefined) where.push(sql`p.id = ${filter.participantId}`);
  if (filter.enrolledOnly) where.push(sql`p.enrolled`);
  if (filter.scope) where.push(sql`(${filter.scope})`);
  if (filter.currentOn !== undefined) {
    const today = filter.currentOn;
    where.push(sql`(case when t.ia_opt_out_deadline is null then t.end_date >= ${today}::date
      else t.ia_opt_out_deadline >= ${today}::date - ${IA_STUDENT_PAGE_PAST_DAYS}::int end)`);
  }
  const rows = await queryRows<RawRow>(
    db,
    sql`select p.id as participant_id, p.student_id, s.id as section_id, t.name as term_name,
        d.code as dept_code, c.code as course_code, s.code as section_code,
        c.name as course_title, pr.model, p.choice, p.enrolled,
        t.ia_opt_out_deadline::text as deadline,
        (select json_agg(json_build_object('title', ti.description, 'author', ti.author,
            'priceCents', m.price_cents) order by ti.description, m.id)
          from ia_program_materials m
          join adoption_materials am on am.id = m.adoption_material_id
          join titles ti on ti.id = am.title_id
          where m.program_id = pr.id) as materials
      from ia_participants p
      join ia_programs pr on pr.id = p.program_id
      join sections s on s.id = pr.section_id
      join courses c on c.id = s.course_id
      join departments d on d.id = c.department_id
      join terms t on t.id = pr.term_id
      where ${sql.join(where, sql` and `)}
      order by t.start_date desc, d.code, c.code, s.code, p.id`,
  );
  return rows.map(toSectionRow);
}

function toSectionRow(row: RawRow): IaSectionRow {
  const materials = typeof row.materials === 'string' ? JSON.parse(row.materials) : row.materials;
  return {
    participantId: Number(row.participant_id),
    studentId: Number(row.student_id),
    sectionId: Number(row.section_id),
    termName: shortTermName(row.term_name),
    sectionName: `${row.dept_code} ${row.course_code} section ${row.section_code}`,
    courseTitle: row.course_title,
    model: row.model,
    materials: (materials ?? []) as IaSectionRow['materials'],
    deadline: row.deadline,
    choice: row.choice,
    enrolled: Boolean(row.enrolled),
  };
}

/** A participant's history, oldest first, naming the staff member of a STAFF or PROGRAM change. */
export async function listIaHistory(db: Db, locationId: number, participantIds: readonly number[]) {
  if (participantIds.length === 0) return [];
  return queryRows<{
    participant_id: number;
    change: string;
    source: string;
    actor_name: string | null;
    at: Date | string;
  }>(
    db,
    sql`select ch.participant_id, ch.change, ch.source, ch.at,
        coalesce(nullif(trim(a.name), ''), a.user_name) as actor_name
      from ia_participant_changes ch
      left join user_accounts a on a.id = ch.actor_account_id
      where ch.location_id = ${locationId}
        and ch.participant_id in (${sql.join(
          participantIds.map((id) => sql`${id}`),
          sql`, `,
        )})
      order by ch.id`,
  );
}

/**
 * Whether the store's student `studentId` is reachable: any of the store's students for a
 * store-wide grant (`scope` null), else one enrolled in a section `scope` admits (a predicate
 * over IA_SECTION_COLUMNS).
 */
export async function studentInScope(
  db: Db,
  locationId: number,
  studentId: number,
  scope: SQL | null,
): Promise<boolean> {
  const enrolled = scope
    ? sql`and exists (select 1 from enrollments e
        join sections s on s.id = e.section_id
        join courses c on c.id = s.course_id
        where e.student_id = st.id and (${scope}))`
    : sql``;
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from students st
        where st.id = ${studentId} and st.location_id = ${locationId} ${enrolled}) as found`,
  );
  return Boolean(row?.found);
}
