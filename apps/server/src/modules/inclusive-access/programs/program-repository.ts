import { sql } from 'drizzle-orm';
import type { IaModel, IaProgramRow } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { coveringAdoptionsSql } from '../../adoption/index.ts';
import { iaParticipatingSql } from '../participation-sql.ts';
import { EFFECTIVE_KIND_SQL, iaAdoptionsOfSection } from './ia-material-sql.ts';
import type { IaReach } from './program-access.ts';
import { figures } from './term-repository.ts';

/** How a section reads in these screens: "BIO 101, section 001 (Principles of Biology)". */
const SECTION_LABEL = sql.raw(
  `d.code || ' ' || c.code || ', section ' || s.code || ' (' || c.name || ')'`,
);
const TITLE_NAME = sql.raw(`coalesce(ti.description, pt.description, 'A material')`);

interface ProgramRow {
  section_id: number;
  department_code: string;
  course_code: string;
  course_name: string;
  section_code: string;
  model: IaModel;
  materials:
    | { adoptionMaterialId: number; titleName: string; isbn: string | null; priceCents: number }[]
    | string;
  enrolled: number;
  inside: number;
  record_count: number;
}

/** The term's programs inside the caller's sections, by course then section code, one page. */
export async function listTermPrograms(
  db: Db,
  locationId: number,
  reach: IaReach,
  termId: number,
  page: { page: number; pageSize: number },
): Promise<{ programs: IaProgramRow[]; recordCount: number }> {
  const rows = await queryRows<ProgramRow>(
    db,
    sql`select s.id as section_id, d.code as department_code, c.code as course_code,
        c.name as course_name, s.code as section_code, pr.model,
        coalesce((select json_agg(json_build_object('adoptionMaterialId', am.id,
            'titleName', ${TITLE_NAME}, 'isbn', ti.ean13, 'priceCents', pm.price_cents)
            order by ${TITLE_NAME}, am.id)
          from ia_program_materials pm join adoption_materials am on am.id = pm.adoption_material_id
            left join titles ti on ti.id = am.title_id
            left join proposed_titles pt on pt.id = am.proposed_title_id
          where pm.program_id = pr.id), '[]') as materials,
        (select count(*) from ia_participants p where p.program_id = pr.id and p.enrolled)::int
          as enrolled,
        (select count(*) from ia_participants p where p.program_id = pr.id and p.enrolled
          and ${iaParticipatingSql('p', 'pr')})::int as inside,
        (count(*) over ())::int as record_count
      from ia_programs pr
        join sections s on s.id = pr.section_id
        join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where pr.term_id = ${termId} and pr.location_id = ${locationId} and ${reach.sections}
      order by d.code, c.code, s.code, s.id
      limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
  const programs = rows.map((row) => {
    const materials = typeof row.materials === 'string' ? JSON.parse(row.materials) : row.materials;
    return {
      sectionId: Number(row.section_id),
      departmentCode: row.department_code,
      courseCode: row.course_code,
      courseName: row.course_name,
      sectionCode: row.section_code,
      model: row.model,
      materials,
      totalCents: materials.reduce(
        (sum: number, m: { priceCents: number }) => sum + m.priceCents,
        0,
      ),
      ...figures(Number(row.enrolled), Number(row.inside)),
    };
  });
  return { programs, recordCount: Number(rows[0]?.record_count ?? 0) };
}

/**
 * The term's sections inside the caller's reach that are not in the program and have an
 * inclusive-access material covering them, matching `search` (department and course code, or
 * course name), 20 at most.
 */
export async function listSectionCandidates(
  db: Db,
  locationId: number,
  reach: IaReach,
  termId: number,
  search: string,
) {
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return queryRows<{ section_id: number; label: string; ia_materials: number }>(
    db,
    sql`with ts as (
        select s.id, s.course_id from sections s join courses c on c.id = s.course_id
          join departments d on d.id = c.department_id
        where s.term_id = ${termId} and s.location_id = ${locationId} and ${reach.sections}
          and not exists (select 1 from ia_programs pr where pr.section_id = s.id)
          and (lower(d.code || ' ' || c.code || ' ' || c.name) like ${like})
      ), cover as (${coveringAdoptionsSql(locationId, 'ts')})
      select s.id as section_id, ${SECTION_LABEL} as label, count(*)::int as ia_materials
      from cover cv join adoption_materials am on am.id = cv.adoption_material_id
        left join titles ti on ti.id = am.title_id
        join sections s on s.id = cv.section_id join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where ${EFFECTIVE_KIND_SQL} = 'INCLUSIVE_ACCESS'
      group by s.id, d.code, c.code, s.code, c.name
      order by d.code, c.code, s.code, s.id
      limit 20`,
  );
}

/** The section, when it is the store's and inside the caller's reach: its term and label. */
export async function findSectionInReach(
  db: Db,
  locationId: number,
  reach: IaReach,
  sectionId: number,
): Promise<{ termId: number; label: string } | null> {
  const [row] = await queryRows<{ term_id: number; label: string }>(
    db,
    sql`select s.term_id, ${SECTION_LABEL} as label
      from sections s join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
      where s.id = ${sectionId} and s.location_id = ${locationId} and ${reach.sections}`,
  );
  return row ? { termId: Number(row.term_id), label: row.label } : null;
}

export interface EditorMaterialRow {
  adoption_material_id: number;
  title_name: string;
  author: string | null;
  isbn: string | null;
  required: boolean;
  suggested_price_cents: number | null;
  price_cents: number | null;
}

/** The section's covering inclusive-access adoptions, with their price in its program if any. */
export function listEditorMaterials(db: Db, locationId: number, sectionId: number) {
  return queryRows<EditorMaterialRow>(
    db,
    sql`select am.id as adoption_material_id, ${TITLE_NAME} as title_name,
        nullif(coalesce(ti.author, pt.author), '') as author, ti.ean13 as isbn, am.required,
        coalesce(nullif(ti.digital_price_cents, 0), nullif(ti.list_price_cents, 0))
          as suggested_price_cents,
        pm.price_cents
      from (${iaAdoptionsOfSection(locationId, sectionId)}) ia
        join adoption_materials am on am.id = ia.adoption_material_id
        left join titles ti on ti.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
        left join ia_programs pr on pr.section_id = ${sectionId}
        left join ia_program_materials pm
          on pm.program_id = pr.id and pm.adoption_material_id = am.id
      order by ${TITLE_NAME}, am.id`,
  );
}

/** The section's program figures: enrolled participants and how many are in. */
export async function programFigures(db: Db, sectionId: number) {
  const [row] = await queryRows<{ enrolled: number; inside: number }>(
    db,
    sql`select (count(*) filter (where p.enrolled))::int as enrolled,
        (count(*) filter (where p.enrolled and ${iaParticipatingSql('p', 'pr')}))::int as inside
      from ia_programs pr join ia_participants p on p.program_id = pr.id
      where pr.section_id = ${sectionId}`,
  );
  return figures(Number(row?.enrolled ?? 0), Number(row?.inside ?? 0));
}
