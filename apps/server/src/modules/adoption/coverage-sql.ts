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
