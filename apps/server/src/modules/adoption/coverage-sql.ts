import { sql, type SQL } from 'drizzle-orm';

/**
 * The two CTEs that say which sections adoptions cover, shared by the catalog list and the
 * progress summary so both agree on "adopted": `section_cover` (per section id drawn from
 * `sectionIds`: its own active adoptions not removed from it) and `course_cover` (per course id
 * drawn from `courseIds`: the course's active auto adoptions, which cover every section). Each
 * has `ntr` (a no-text-required record) and `text` (a material). Each is read once per
 * statement, by hash joins, not probed per section.
 */
export function coverageCtes(locationId: number, sectionIds: SQL, courseIds: SQL): SQL {
  return sql`section_cover as (
      select ams.section_id,
        bool_or(am.no_text_required) as ntr, bool_or(not am.no_text_required) as text
      from adoption_material_sections ams
        join adoption_materials am on am.id = ams.adoption_material_id
      where ams.section_id in (${sectionIds}) and not ams.removed and am.active
      group by ams.section_id
    ),
    course_cover as (
      select am.course_id,
        bool_or(am.no_text_required) as ntr, bool_or(not am.no_text_required) as text
      from adoption_materials am
      where am.location_id = ${locationId} and am.adoption_type = 'AUTO_ADOPTION' and am.active
        and am.course_id in (${courseIds})
      group by am.course_id
    )`;
}
