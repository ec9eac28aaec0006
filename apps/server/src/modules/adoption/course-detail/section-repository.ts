import { sql } from 'drizzle-orm';
import { shortTermName, type CostDesignation } from '@csp/contracts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { coveringAdoptionsSql } from '../coverage-sql.ts';

export interface SectionFigures {
  sectionId: number;
  courseCode: string;
  sectionCode: string;
  termName: string;
  startDate: string;
  endDate: string;
  professorNames: string[];
  studentsEnrolled: number;
  listingCount: number;
  sectionHasNTRAdoption: boolean;
  sectionHasNonNTRAdoption: boolean;
  noTextRequired: boolean;
  percentOrderItemsFulfilled: number | null;
  requiredCostLowCents: number | null;
  requiredCostHighCents: number | null;
  designation: CostDesignation;
}

const bool = (v: unknown) => v === true || v === 't';
const num = (v: unknown) => Number(v ?? 0);
const cents = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A row as the statement answers it (counts as number or string, by engine). */
interface SectionRow extends Pick<
  SectionFigures,
  'sectionId' | 'courseCode' | 'sectionCode' | 'termName' | 'startDate' | 'endDate' | 'designation'
> {
  professorNames: string[] | null;
  studentsEnrolled: unknown;
  listingCount: unknown;
  hasNtr: unknown;
  hasNonNtr: unknown;
  itemsFulfilled: unknown;
  itemsOrdered: unknown;
  requiredCostLowCents: unknown;
  requiredCostHighCents: unknown;
}

/**
 * The sections of a course that end on or after `today`, by start date, with what the adoption
 * screens show of each. The adoptions covering them follow the one coverage rule
 * (coverage-sql.ts); the other figures are subqueries on their own index (enrollments,
 * professors, order items by section), so a course's sections cost one statement whatever the
 * size of the store.
 */
export async function listCourseSections(
  db: Db,
  locationId: number,
  courseId: number,
  today: string,
): Promise<SectionFigures[]> {
  const rows = await queryRows<SectionRow>(
    db,
    sql`with course_sections as (
        select s.id, s.course_id from sections s
        where s.location_id = ${locationId} and s.course_id = ${courseId}
          and s.end_date >= ${today}
      ),
      cover as (${coveringAdoptionsSql(locationId, 'course_sections')}),
      covered as (
        select cv.section_id, count(*) as listing_count,
          bool_or(am.no_text_required) as has_ntr, bool_or(not am.no_text_required) as has_non_ntr
        from cover cv join adoption_materials am on am.id = cv.adoption_material_id
        group by cv.section_id
      )
      select s.id as "sectionId", c.code as "courseCode", s.code as "sectionCode",
        t.name as "termName", s.start_date::text as "startDate", s.end_date::text as "endDate",
        array(select p.first_name || ' ' || p.last_name
          from section_professors sp join professors p on p.id = sp.professor_id
          where sp.section_id = s.id
          order by p.last_name, p.first_name) as "professorNames",
        (select count(*) from enrollments e where e.section_id = s.id) as "studentsEnrolled",
        coalesce(cd.listing_count, 0) as "listingCount",
        coalesce(cd.has_ntr, false) as "hasNtr", coalesce(cd.has_non_ntr, false) as "hasNonNtr",
        (select count(*) from order_items oi
          where oi.section_id = s.id and oi.status = 'FULFILLED') as "itemsFulfilled",
        (select count(*) from order_items oi
          where oi.section_id = s.id and oi.status <> 'CANCELLED') as "itemsOrdered",
        s.required_cost_low_cents as "requiredCostLowCents",
        s.required_cost_high_cents as "requiredCostHighCents", s.designation
      from course_sections cs
        join sections s on s.id = cs.id
        join courses c on c.id = s.course_id
        join terms t on t.id = s.term_id
        left join covered cd on cd.section_id = s.id
      order by s.start_date, s.code, s.id`,
  );
  return rows.map((r) => {
    const ordered = num(r.itemsOrdered);
    const hasNtr = bool(r.hasNtr);
    const hasNonNtr = bool(r.hasNonNtr);
    return {
      sectionId: r.sectionId,
      courseCode: r.courseCode,
      sectionCode: r.sectionCode,
      termName: shortTermName(r.termName),
      startDate: r.startDate,
      endDate: r.endDate,
      professorNames: r.professorNames ?? [],
      studentsEnrolled: num(r.studentsEnrolled),
      listingCount: num(r.listingCount),
      sectionHasNTRAdoption: hasNtr,
      sectionHasNonNTRAdoption: hasNonNtr,
      // No text is required when the section's only coverage says so.
      noTextRequired: hasNtr && !hasNonNtr,
      percentOrderItemsFulfilled:
        ordered === 0 ? null : Math.round((num(r.itemsFulfilled) / ordered) * 1000) / 10,
      requiredCostLowCents: cents(r.requiredCostLowCents),
      requiredCostHighCents: cents(r.requiredCostHighCents),
      designation: r.designation,
    };
  });
}
