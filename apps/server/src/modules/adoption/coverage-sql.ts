import { ADOPTION_TYPE } from '@csp/contracts';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Which adoptions cover a section, the one rule every area counts coverage by: the section's
 * own active adoptions not removed from it (`adoption_material_sections ams` joined to
 * `adoption_materials am`), and its course's active AUTO_ADOPTIONs, which cover every section
 * of the course. The condition on a section's own link, over `ams` and `am`:
 */
const SECTION_LINK = sql`not ams.removed and am.active`;

/** The condition on a course-wide adoption `am` of the store. */
const courseWide = (locationId: number) =>
  sql`am.adoption_type = ${ADOPTION_TYPE.AUTO} and am.active and am.location_id = ${locationId}`;

/**
 * The adoptions covering each section of `sections` (the name of a CTE with `id` and
 * `course_id`): one row per section and adoption (`section_id`, `adoption_material_id`).
 */
export function coveringAdoptionsSql(locationId: number, sections: string): SQL {
  const from = sql.raw(sections);
  return sql`select ts.id as section_id, am.id as adoption_material_id
      from ${from} ts
        join adoption_material_sections ams on ams.section_id = ts.id
        join adoption_materials am on am.id = ams.adoption_material_id and ${SECTION_LINK}
      union
      select ts.id, am.id
      from ${from} ts
        join adoption_materials am on am.course_id = ts.course_id and ${courseWide(locationId)}`;
}

/**
 * The two CTEs that say which sections adoptions cover, shared by the course list and the
 * progress summary so both agree on "adopted": `section_cover` (per section id drawn from
 * `sectionIds`: its own covering adoptions) and `course_cover` (per course id drawn from
 * `courseIds`: the course-wide ones, which cover every section). Each has `ntr` (a
 * no-text-required record) and `text` (a material). Each is read once per statement, by hash
 * joins, not probed per section.
 */
export function coverageCtes(locationId: number, sectionIds: SQL, courseIds: SQL): SQL {
  return sql`section_cover as (
      select ams.section_id,
        bool_or(am.no_text_required) as ntr, bool_or(not am.no_text_required) as text
      from adoption_material_sections ams
        join adoption_materials am on am.id = ams.adoption_material_id
      where ams.section_id in (${sectionIds}) and ${SECTION_LINK}
      group by ams.section_id
    ),
    course_cover as (
      select am.course_id,
        bool_or(am.no_text_required) as ntr, bool_or(not am.no_text_required) as text
      from adoption_materials am
      where ${courseWide(locationId)}
        and am.course_id in (${courseIds})
      group by am.course_id
    )`;
}
