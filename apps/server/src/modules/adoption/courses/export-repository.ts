import { ADOPTION_TYPE } from '@csp/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { countedSectionsSql, type CourseListQuery } from './list-query.ts';

/** One line of the export: a counted section of a course and one material adopted for it. */
export interface ExportDetail {
  courseId: number;
  termName: string | null;
  sectionCode: string | null;
  startDate: string | null;
  endDate: string | null;
  professors: string | null;
  enrollment: number | null;
  adoptionType: string | null;
  ean13: string | null;
  title: string | null;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  required: boolean | null;
  bindInComponentRequired: boolean | null;
  printOnlyRequired: boolean | null;
  flexibleOnEdition: boolean | null;
  ia: boolean | null;
  noTextRequired: boolean | null;
  messagingStatus: string | null;
}

/**
 * The export's lines for a batch of the listed courses: each counted section (the same
 * sections the list counts, in the caller's scope) with each active material covering it (its
 * own section adoptions, and the course's auto adoptions); a section with none gives one line
 * without a material. One statement per batch.
 */
export async function exportDetails(
  db: Db,
  q: CourseListQuery,
  courseIds: number[],
): Promise<ExportDetail[]> {
  if (courseIds.length === 0) return [];
  return queryRows<ExportDetail>(
    db,
    sql`
    select s.course_id as "courseId", t.name as "termName", s.code as "sectionCode",
      s.start_date::text as "startDate", s.end_date::text as "endDate",
      (select string_agg(p.first_name || ' ' || p.last_name, '; ' order by p.last_name, p.first_name)
        from section_professors sp join professors p on p.id = sp.professor_id
        where sp.section_id = s.id) as professors,
      (select count(*)::int from enrollments e where e.section_id = s.id) as enrollment,
      m.adoption_type as "adoptionType", ti.ean13,
      coalesce(ti.description, pt.description) as title,
      coalesce(ti.author, pt.author) as author, coalesce(ti.edition, pt.edition) as edition,
      coalesce(ti.publisher, pt.publisher) as publisher,
      m.required, m.bind_in_component_required as "bindInComponentRequired",
      m.print_only_required as "printOnlyRequired", m.flexible_on_edition as "flexibleOnEdition",
      m.ia, m.no_text_required as "noTextRequired", m.messaging_status as "messagingStatus"
    from sections s
      join courses c on c.id = s.course_id
      join terms t on t.id = s.term_id
      left join lateral (
        select am.* from adoption_materials am
          join adoption_material_sections ams on ams.adoption_material_id = am.id
        where ams.section_id = s.id and not ams.removed and am.active
        union all
        select am.* from adoption_materials am
        where am.course_id = s.course_id and am.adoption_type = ${ADOPTION_TYPE.AUTO} and am.active
      ) m on true
      left join titles ti on ti.id = m.title_id
      left join proposed_titles pt on pt.id = m.proposed_title_id
    where s.location_id = ${q.locationId} and s.course_id in ${courseIds}
      and ${countedSectionsSql(q)} and ${q.sectionScope ?? sql`true`}
    order by s.course_id, s.start_date, s.code, s.id, m.adoption_type, m.id`,
  );
}
