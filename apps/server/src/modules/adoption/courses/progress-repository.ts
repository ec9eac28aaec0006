import { sql, type SQL } from 'drizzle-orm';
import {
  ADOPT_ACTIONS,
  ADOPTION_TYPE,
  shortTermName,
  type AdoptionProgressRow,
} from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { deadlineStatusSql } from '../../campaigns/index.ts';
import { reportedDivisionScope } from '../../metrics/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { adoptScopeCondition } from './scope-repository.ts';

interface RawProgress {
  division_id: number;
  division_name: string;
  term_id: number;
  term_name: string;
  term_start: string;
  total: number | string;
  adopted: number | string;
  ntr: number | string;
  outstanding: number | string;
  needing_response: number | string;
  deadline: string | null;
  late: number | string;
  missing: number | string;
  on_time: number | string;
  most_missing: { code: string; name: string; missing: number }[] | null;
  emails_sent: number | string | null;
}

/** How many departments the summary names among those with the most sections missing. */
const MOST_MISSING_DEPARTMENTS = 3;

/**
 * Each department's figures per term (`term_id, division_id, department_id, total, adopted,
 * ntr, outstanding, late, missing, on_time`) over the caller's sections of terms not yet ended,
 * as the summary's first step. Two ways to the same rows; see adoptionProgress.
 */
type DepartmentFigures = SQL;

/**
 * Counted from the sections themselves (`scope` over a section `s` of a course `c`): a section
 * is adopted when a material covers it (its own adoption or the course's), no text required
 * when only no-text-required records do, outstanding otherwise; read from the facts kept on
 * each section (has_text, has_ntr, first_adopted_at: migrations 0012 and 0034), so no coverage
 * is recomputed. For a scope that reaches below a department.
 */
function countedFigures(locationId: number, today: string, scope: SQL): DepartmentFigures {
  // Against the term's adoption deadline, by the campaigns module's one rule (issue 30).
  const standing = deadlineStatusSql('s', 't', today);
  return sql`select term_id, division_id, department_id,
        count(*)::int as total,
        count(*) filter (where has_text)::int as adopted,
        count(*) filter (where has_ntr and not has_text)::int as ntr,
        count(*) filter (where not has_text and not has_ntr)::int as outstanding,
        count(*) filter (where standing = 'LATE')::int as late,
        count(*) filter (where standing = 'MISSING')::int as missing,
        count(*) filter (where standing = 'ON_TIME')::int as on_time
      from (
        select s.term_id, c.division_id, c.department_id, s.has_text, s.has_ntr,
          ${standing} as standing
        from ${currentSections(locationId, today, scope)}
      ) x
      group by term_id, division_id, department_id`;
}

/**
 * The same figures read from each department's kept counts (migration 0043), a row per
 * department and term whatever the store's size, for a scope of divisions and departments
 * (`scope` over a department `d`). The kept counts follow deadline-status-sql.ts's rule: late
 * is first adopted after the deadline, missing is never adopted once it has passed, on time is
 * the rest of those adopted. A department's courses are of its division (imports make them so).
 */
function keptFigures(locationId: number, today: string, scope: SQL): DepartmentFigures {
  return sql`select k.term_id, d.division_id, k.department_id,
        k.sections as total, k.adopted, k.no_text_required as ntr,
        k.sections - k.adopted - k.no_text_required as outstanding,
        k.adopted_late as late,
        case when t.adoption_deadline < ${today}::date then k.never_adopted else 0 end as missing,
        k.sections - k.never_adopted - k.adopted_late as on_time
      from terms t
        join department_term_sections k on k.term_id = t.id
        join departments d on d.id = k.department_id
      where t.location_id = ${locationId} and t.end_date >= ${today}::date and k.sections > 0
        and d.location_id = ${locationId} and ${scope}`;
}

/** The store's sections `s` of a course `c` in terms `t` not ended by `today`, in `scope`. */
function currentSections(locationId: number, today: string, scope: SQL): SQL {
  return sql`terms t
      join sections s on s.term_id = t.id
      join courses c on c.id = s.course_id
    where t.location_id = ${locationId} and t.end_date >= ${today}
      and s.location_id = ${locationId} and ${scope}`;
}

/**
 * The caller's current sections (`scope`) each adoption awaiting the submitter's answer covers,
 * as `adoption_id, term_id, division_id`: from those few adoptions (an index by store and
 * status), a course's adoption to its sections, a section adoption to its own; only sections
 * whose kept facts say one covers them.
 */
function coveredByWaitingAdoptions(locationId: number, today: string, scope: SQL): SQL {
  const waiting = sql`am.location_id = ${locationId} and am.messaging_status = 'RESPONSE_REQUIRED'
    and am.active`;
  const current = sql`t.end_date >= ${today} and s.location_id = ${locationId}
    and s.needs_response and ${scope}`;
  return sql`select am.id as adoption_id, s.term_id, c.division_id
      from adoption_materials am
        join sections s on s.course_id = am.course_id
        join terms t on t.id = s.term_id
        join courses c on c.id = s.course_id
      where ${waiting} and am.adoption_type = ${ADOPTION_TYPE.AUTO} and ${current}
    union all
    select am.id, s.term_id, c.division_id
      from adoption_materials am
        join adoption_material_sections ams on ams.adoption_material_id = am.id
          and not ams.removed
        join sections s on s.id = ams.section_id and s.course_id = am.course_id
        join terms t on t.id = s.term_id
        join courses c on c.id = s.course_id
      where ${waiting} and am.adoption_type <> ${ADOPTION_TYPE.AUTO} and ${current}`;
}

/**
 * Adoption progress per term and division: each department's figures (`byDepartment`) summed,
 * with the departments missing the most. Adoptions needing a response are counted once per term
 * and division they cover, from the few adoptions in that state (an index by store and status)
 * and only the caller's sections (`scope`) whose kept facts say one covers them. One statement.
 */
export async function adoptionProgress(
  db: Db,
  locationId: number,
  today: string,
  scope: SQL,
  byDepartment: DepartmentFigures = countedFigures(locationId, today, scope),
): Promise<AdoptionProgressRow[]> {
  const rows = await queryRows<RawProgress>(
    db,
    sql`
    with by_department as (${byDepartment}),
    figures as (
      select term_id, division_id,
        sum(total)::int as total, sum(adopted)::int as adopted, sum(ntr)::int as ntr,
        sum(outstanding)::int as outstanding, sum(late)::int as late,
        sum(missing)::int as missing, sum(on_time)::int as on_time
      from by_department
      group by term_id, division_id
    ),
    ranked_missing as (
      select b.term_id, b.division_id, b.missing, d.code, d.name,
        row_number() over (partition by b.term_id, b.division_id order by b.missing desc, d.code) as rank
      from by_department b join departments d on d.id = b.department_id
      where b.missing > 0
    ),
    most_missing as (
      select term_id, division_id,
        json_agg(json_build_object('code', code, 'name', name, 'missing', missing) order by rank) as departments
      from ranked_missing where rank <= ${MOST_MISSING_DEPARTMENTS}
      group by term_id, division_id
    ),
    responses as (
      select term_id, division_id, count(distinct adoption_id)::int as needing_response
      from (${coveredByWaitingAdoptions(locationId, today, scope)}) w
      group by term_id, division_id
    ),
    -- The term's campaign e-mails sent: a figure of the whole term, as its campaign is.
    emails as (
      select cp.term_id, count(*)::int as sent
      from adoption_campaigns cp
        join adoption_campaign_steps st on st.campaign_id = cp.id
        join adoption_campaign_messages m on m.step_id = st.id
      where cp.location_id = ${locationId} and m.outcome = 'SENT'
        and cp.term_id in (select term_id from figures)
      group by cp.term_id
    )
    select f.division_id, dv.name as division_name, f.term_id, tm.name as term_name,
      tm.start_date::text as term_start, f.total, f.adopted, f.ntr, f.outstanding,
      coalesce(r.needing_response, 0) as needing_response,
      tm.adoption_deadline::text as deadline, f.late, f.missing, f.on_time,
      mm.departments as most_missing, e.sent as emails_sent
    from figures f
      join terms tm on tm.id = f.term_id
      join divisions dv on dv.id = f.division_id
      left join responses r on r.term_id = f.term_id and r.division_id = f.division_id
      left join most_missing mm on mm.term_id = f.term_id and mm.division_id = f.division_id
      left join emails e on e.term_id = f.term_id
    order by tm.start_date, dv.name, f.term_id`,
  );
  return rows.map((r) => ({
    divisionId: r.division_id,
    divisionName: r.division_name,
    termId: r.term_id,
    termName: shortTermName(r.term_name),
    termStartDate: r.term_start,
    sectionsTotal: Number(r.total),
    sectionsAdopted: Number(r.adopted),
    sectionsNoTextRequired: Number(r.ntr),
    sectionsOutstanding: Number(r.outstanding),
    adoptionsNeedingResponse: Number(r.needing_response),
    adoptionDeadline: r.deadline,
    sectionsLate: Number(r.late),
    sectionsMissing: Number(r.missing),
    sectionsOnTime: Number(r.on_time),
    mostMissingDepartments: mostMissing(r.most_missing),
    campaignEmailsSent: Number(r.emails_sent ?? 0),
  }));
}

/** The json column as rows (both drivers parse json; null when no department misses any). */
function mostMissing(
  value: RawProgress['most_missing'],
): AdoptionProgressRow['mostMissingDepartments'] {
  return (value ?? []).map((d) => ({
    departmentCode: d.code,
    departmentName: d.name,
    missing: Number(d.missing),
  }));
}

/**
 * Progress over the caller's adoption scope and, for a full reporter, the divisions they report
 * on (the dashboard's tabs): the union of the two.
 */
export async function progressSummary(
  db: Db,
  locationId: number,
  grants: Grants,
  now: Date,
): Promise<AdoptionProgressRow[]> {
  const today = isoDay(now);
  const adopts = await adoptScopeCondition(grants);
  const reports = await reportedDivisionScope(grants, sql`c.division_id`);
  const scope = sql`(${adopts} or ${reports})`;
  const everywhere = ADOPT_ACTIONS.some((action) => grants.holdsEverywhere(action));
  if (!everywhere && grants.reachesBelowDepartment(ADOPT_ACTIONS)) {
    return adoptionProgress(db, locationId, today, scope);
  }
  // Division and department grants only: the same scope over a department `d`.
  const department = { divisionId: sql`d.division_id`, departmentId: sql`d.id` };
  const departments = sql`(${await adoptScopeCondition(grants, department)} or ${await reportedDivisionScope(grants, sql`d.division_id`)})`;
  const figures = keptFigures(locationId, today, departments);
  return adoptionProgress(db, locationId, today, scope, figures);
}
