import { sql, type SQL } from 'drizzle-orm';
import { shortTermName, type AdoptionProgressRow } from '@csp/contracts';
import { queryRows } from '../../db/bulk-write.ts';
import type { Db } from '../../db/client.ts';
import { coverageCtes } from './coverage-sql.ts';

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
}

/**
 * Adoption progress per term and division over the caller's sections (`scope`, SQL over a
 * section `s` of a course `c`) of terms that have not ended: a section is adopted when a
 * material covers it (its own adoption or the course's), no text required when only
 * no-text-required records do, outstanding otherwise. Adoptions needing a response are counted
 * once per term and division they cover. One statement.
 */
export async function adoptionProgress(
  db: Db,
  locationId: number,
  today: string,
  scope: SQL,
): Promise<AdoptionProgressRow[]> {
  const rows = await queryRows<RawProgress>(
    db,
    sql`
    with scoped as (
      select s.id, s.course_id, s.term_id, c.division_id
      from sections s
        join courses c on c.id = s.course_id
        join terms t on t.id = s.term_id
      where s.location_id = ${locationId} and t.end_date >= ${today} and ${scope}
    ),
    ${coverageCtes(locationId, sql`select id from scoped`, sql`select course_id from scoped`)},
    per_section as (
      select k.term_id, k.division_id,
        coalesce(sc.text, false) or coalesce(cc.text, false) as text,
        coalesce(sc.ntr, false) or coalesce(cc.ntr, false) as ntr
      from scoped k
        left join section_cover sc on sc.section_id = k.id
        left join course_cover cc on cc.course_id = k.course_id
    ),
    responses as (
      select k.term_id, k.division_id, count(distinct am.id) as needing_response
      from scoped k
        join adoption_materials am on am.course_id = k.course_id
      where am.active and am.messaging_status = 'RESPONSE_REQUIRED'
        and (am.adoption_type = 'AUTO_ADOPTION' or exists (
          select 1 from adoption_material_sections ams
          where ams.adoption_material_id = am.id and ams.section_id = k.id and not ams.removed))
      group by k.term_id, k.division_id
    )
    select p.division_id, dv.name as division_name, p.term_id, t.name as term_name,
      t.start_date::text as term_start,
      count(*)::int as total,
      count(*) filter (where p.text)::int as adopted,
      count(*) filter (where p.ntr and not p.text)::int as ntr,
      count(*) filter (where not p.text and not p.ntr)::int as outstanding,
      coalesce(max(r.needing_response), 0)::int as needing_response
    from per_section p
      join terms t on t.id = p.term_id
      join divisions dv on dv.id = p.division_id
      left join responses r on r.term_id = p.term_id and r.division_id = p.division_id
    group by p.division_id, dv.name, p.term_id, t.name, t.start_date
    order by t.start_date, dv.name, p.term_id`,
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
  }));
}
