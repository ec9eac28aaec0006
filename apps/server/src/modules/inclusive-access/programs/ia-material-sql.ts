import { sql, type SQL } from 'drizzle-orm';
import { coveringAdoptionsSql } from '../../adoption/index.ts';

/**
 * An adoption's kind in SQL, over an adoption `am` and its title `ti` (left-joined): its own
 * choice, else inclusive access when the adopter answered "Inclusive access?" yes, else its
 * title's, else commercial print. `effectiveMaterialKind` (packages/contracts/src/adoption/
 * title-kinds.ts) is the rule; migration 0039's `section_cost` prices by the same expression.
 */
export const EFFECTIVE_KIND_SQL = sql.raw(
  `coalesce(am.material_kind, case when am.ia then 'INCLUSIVE_ACCESS' end, ti.material_kind, 'COMMERCIAL_PRINT')`,
);

/**
 * The adoptions of the kind Inclusive access covering the section (the coverage rule of
 * modules/adoption/coverage-sql.ts): `adoption_material_id` rows.
 */
export function iaAdoptionsOfSection(locationId: number, sectionId: number): SQL {
  return sql`with ts as (
      select s.id, s.course_id from sections s
      where s.id = ${sectionId} and s.location_id = ${locationId}
    ), cover as (${coveringAdoptionsSql(locationId, 'ts')})
    select am.id as adoption_material_id
    from cover cv join adoption_materials am on am.id = cv.adoption_material_id
      left join titles ti on ti.id = am.title_id
    where ${EFFECTIVE_KIND_SQL} = 'INCLUSIVE_ACCESS'`;
}
