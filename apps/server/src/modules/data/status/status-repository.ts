import { sql } from 'drizzle-orm';
import { shortTermName, type TermHoldings } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * What the store holds per term, newest first. Enrolments and adoptions are the facts kept on
 * each section (migration 0012: enrollment_count, listing_count), summed: no enrolment or
 * adoption row is read. Adoptions are the adoption listings covering the term's sections (the
 * section list's listing count). One grouped pass over the store's sections and one over
 * their professor links, whatever the number of terms (a query per term read the links once
 * per term: 86 ms instead of 51 on the large seed, PostgreSQL).
 */
export async function termHoldings(db: Db, locationId: number): Promise<TermHoldings[]> {
  const rows = await queryRows<Record<keyof TermHoldings, string | number>>(
    db,
    sql`with held as (
        select s.term_id, count(distinct s.course_id) as courses, count(*) as sections,
          sum(s.enrollment_count) as enrollments, sum(s.listing_count) as adoptions
        from sections s where s.location_id = ${locationId} group by s.term_id),
      taught as (
        select s.term_id, count(distinct sp.professor_id) as professors
        from sections s join section_professors sp on sp.section_id = s.id
        where s.location_id = ${locationId} group by s.term_id)
      select dv.id as "divisionId", dv.name as "divisionName", t.id as "termId",
        t.name as "termName", t.start_date::text as "startDate", t.end_date::text as "endDate",
        coalesce(h.courses, 0) as courses, coalesce(h.sections, 0) as sections,
        coalesce(p.professors, 0) as professors, coalesce(h.enrollments, 0) as enrollments,
        coalesce(h.adoptions, 0) as adoptions
      from terms t join divisions dv on dv.id = t.division_id
        left join held h on h.term_id = t.id left join taught p on p.term_id = t.id
      where t.location_id = ${locationId}
      order by t.start_date desc, t.id desc`,
  );
  return rows.map((r) => ({
    divisionId: Number(r.divisionId),
    divisionName: String(r.divisionName),
    termId: Number(r.termId),
    // Cut at the first hyphen (docs/behaviour/constants.md): the division is a column of its own.
    termName: shortTermName(String(r.termName)),
    startDate: String(r.startDate),
    endDate: String(r.endDate),
    courses: Number(r.courses),
    sections: Number(r.sections),
    professors: Number(r.professors),
    enrollments: Number(r.enrollments),
    adoptions: Number(r.adoptions),
  }));
}

/** The store's students and titles (its products), counted on their location indexes. */
export async function storeTotals(
  db: Db,
  locationId: number,
): Promise<{ students: number; products: number }> {
  const [row] = await queryRows<{ students: number | string; products: number | string }>(
    db,
    sql`select (select count(*) from students where location_id = ${locationId}) as students,
      (select count(*) from titles where location_id = ${locationId}) as products`,
  );
  return { students: Number(row?.students ?? 0), products: Number(row?.products ?? 0) };
}
