import { eq, sql, type SQL } from 'drizzle-orm';
import { COST_DESIGNATIONS, type CostDesignation } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { preparedQuery } from '../../../db/prepared-query.ts';
import { locations } from '../../../db/schema/index.ts';
import { coveringAdoptionsSql } from '../../adoption/index.ts';

/** A term as the public list names it (the name is cut by the service). */
export interface TextbookTermRow {
  termId: number;
  termName: string;
  divisionName: string;
  startDate: string;
  endDate: string;
}

/** A department of a term with its section figures. */
export interface DepartmentFigureRow {
  departmentId: number;
  departmentCode: string;
  departmentName: string;
  sectionCount: number;
  sectionsAnswered: number;
}

/**
 * One section of a department in a term with one adoption covering it (or none: the adoption
 * columns are null). A section covered by nothing has exactly one row.
 */
export interface DepartmentSectionRow {
  sectionId: number;
  departmentCode: string;
  departmentName: string;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  startDate: string;
  professors: string[];
  adoptionMaterialId: number | null;
  noTextRequired: boolean;
  required: boolean;
  titleId: number | null;
  proposedTitleId: number | null;
  isbn: string | null;
  title: string | null;
  author: string | null;
  publisher: string | null;
  edition: string | null;
  copyrightYear: number | null;
  listPriceCents: number | null;
  /** The section's kept figures (migration 0039), the same on each of its rows. */
  designation: CostDesignation;
  requiredCostLowCents: number | null;
  requiredCostHighCents: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true || v === 't';

// The generated column holds only COST_DESIGNATIONS; anything else would be a schema change
// this reader has not caught up with, and must not reach a student or a registrar as a mark.
export function designationOf(value: unknown): CostDesignation {
  const found = COST_DESIGNATIONS.find((d) => d === value);
  if (!found) throw new Error(`unknown section designation ${String(value)}`);
  return found;
}

// Read by every public page (a student's first call lists the terms): prepared once per handle
// (db/prepared-query.ts), lookups by key.
const storeNameById = preparedQuery('csp_textbook_store_name', (db) =>
  db
    .select({ name: locations.name })
    .from(locations)
    .where(eq(locations.id, sql.placeholder('locationId'))),
);
const ltcThresholdById = preparedQuery('csp_textbook_ltc_threshold', (db) =>
  db
    .select({ cents: locations.ltcThresholdCents })
    .from(locations)
    .where(eq(locations.id, sql.placeholder('locationId'))),
);

/** The store's name (the location's), which the list is published under. */
export async function findStoreName(db: Db, locationId: number): Promise<string> {
  const [row] = await storeNameById(db).execute({ locationId });
  return row?.name ?? '';
}

/** The store's low-textbook-cost threshold in cents. */
export async function findLtcThreshold(db: Db, locationId: number): Promise<number> {
  const [row] = await ltcThresholdById(db).execute({ locationId });
  return Number(row?.cents ?? 0);
}

export const TERM_COLUMNS = sql`t.id as "termId", t.name as "termName", d.name as "divisionName",
  t.start_date::text as "startDate", t.end_date::text as "endDate"`;

export const toTerm = (r: Record<keyof TextbookTermRow, unknown>): TextbookTermRow => ({
  termId: Number(r.termId),
  termName: String(r.termName),
  divisionName: String(r.divisionName),
  startDate: String(r.startDate),
  endDate: String(r.endDate),
});

/**
 * The store's terms with sections (and how many: the count each term keeps, migration 0022)
 * that ended on or after `endedOnOrAfter`.
 */
export async function findRecentTerms(
  db: Db,
  locationId: number,
  endedOnOrAfter: string,
): Promise<(TextbookTermRow & { sectionCount: number })[]> {
  const rows = await queryRows<Record<keyof TextbookTermRow | 'sectionCount', unknown>>(
    db,
    sql`select ${TERM_COLUMNS}, t.section_count as "sectionCount"
      from terms t join divisions d on d.id = t.division_id
      where t.location_id = ${locationId} and t.end_date >= ${endedOnOrAfter}::date
        and t.section_count > 0
      order by t.start_date desc, t.id desc`,
  );
  return rows.map((r) => ({ ...toTerm(r), sectionCount: Number(r.sectionCount) }));
}

/** One term of the store, or null (another store's term is as unknown as a missing one). */
export async function findTerm(
  db: Db,
  locationId: number,
  termId: number,
): Promise<TextbookTermRow | null> {
  const [row] = await queryRows<Record<keyof TextbookTermRow, unknown>>(
    db,
    sql`select ${TERM_COLUMNS}
      from terms t join divisions d on d.id = t.division_id
      where t.id = ${termId} and t.location_id = ${locationId}`,
  );
  return row ? toTerm(row) : null;
}

/** The adoptions covering each of `term_sections` (a CTE with id and course_id). */
function coverCte(locationId: number): SQL {
  return sql`cover as (${coveringAdoptionsSql(locationId, 'term_sections')})`;
}

/** A material the list can name: not a no-text-required record, and a title or a proposal. */
const IS_MATERIAL = sql`(not am.no_text_required
  and (am.title_id is not null or am.proposed_title_id is not null))`;

/**
 * The departments with sections in the term, by code, with how many sections each has and how
 * many have a final answer (a material, or no text required).
 */
export async function findDepartmentFigures(
  db: Db,
  locationId: number,
  termId: number,
): Promise<DepartmentFigureRow[]> {
  const rows = await queryRows<Record<keyof DepartmentFigureRow, unknown>>(
    db,
    sql`with term_sections as (
        select s.id, s.course_id, c.department_id
        from sections s join courses c on c.id = s.course_id
        where s.location_id = ${locationId} and s.term_id = ${termId}
      ),
      ${coverCte(locationId)},
      answered as (
        select distinct cv.section_id
        from cover cv join adoption_materials am on am.id = cv.adoption_material_id
        where am.no_text_required or ${IS_MATERIAL}
      )
      select d.id as "departmentId", d.code as "departmentCode", d.name as "departmentName",
        count(*) as "sectionCount", count(a.section_id) as "sectionsAnswered"
      from term_sections ts
        join departments d on d.id = ts.department_id
        left join answered a on a.section_id = ts.id
      group by d.id, d.code, d.name
      order by d.code, d.id`,
  );
  return rows.map((r) => ({
    departmentId: Number(r.departmentId),
    departmentCode: String(r.departmentCode),
    departmentName: String(r.departmentName),
    sectionCount: Number(r.sectionCount),
    sectionsAnswered: Number(r.sectionsAnswered),
  }));
}

/** The columns of `term_sections` the section rows read (besides id and course_id). */
export const TERM_SECTION_COLUMNS = sql`s.id, s.course_id, s.code, s.start_date, s.designation,
  s.required_cost_low_cents, s.required_cost_high_cents`;

/**
 * Every section of one department in a term, by course and section code, each with the
 * adoptions covering it (one row per section and adoption, or one row without an adoption).
 * Driven from the department's courses, so it reads that department's sections only (the
 * CSV reads a term a department at a time).
 */
export async function findDepartmentSections(
  db: Db,
  locationId: number,
  termId: number,
  departmentId: number,
): Promise<DepartmentSectionRow[]> {
  return findSectionRows(
    db,
    locationId,
    sql`select ${TERM_SECTION_COLUMNS}
        from courses c join sections s on s.course_id = c.id and s.term_id = ${termId}
        where c.location_id = ${locationId} and c.department_id = ${departmentId}
          and s.location_id = ${locationId}`,
  );
}

/** The rows of the sections `termSections` selects (TERM_SECTION_COLUMNS), with their adoptions. */
export async function findSectionRows(
  db: Db,
  locationId: number,
  termSections: SQL,
): Promise<DepartmentSectionRow[]> {
  const rows = await queryRows<Record<keyof DepartmentSectionRow, unknown>>(
    db,
    sql`with term_sections as (${termSections}),
      ${coverCte(locationId)}
      select ts.id as "sectionId", d.code as "departmentCode", d.name as "departmentName",
        c.code as "courseCode", c.name as "courseName",
        ts.code as "sectionCode", ts.start_date::text as "startDate",
        (select coalesce(json_agg(trim(p.first_name || ' ' || p.last_name)
            order by p.last_name, p.first_name, p.id), '[]'::json)
          from section_professors sp join professors p on p.id = sp.professor_id
          where sp.section_id = ts.id) as "professors",
        am.id as "adoptionMaterialId", am.no_text_required as "noTextRequired",
        am.required as "required", am.title_id as "titleId",
        am.proposed_title_id as "proposedTitleId", t.ean13 as "isbn",
        coalesce(t.description, pt.description) as "title",
        coalesce(t.author, pt.author) as "author",
        coalesce(t.publisher, pt.publisher) as "publisher",
        coalesce(t.edition, pt.edition) as "edition",
        extract(year from t.publish_date)::int as "copyrightYear",
        t.list_price_cents as "listPriceCents", ts.designation as "designation",
        ts.required_cost_low_cents as "requiredCostLowCents",
        ts.required_cost_high_cents as "requiredCostHighCents"
      from term_sections ts
        join courses c on c.id = ts.course_id
        join departments d on d.id = c.department_id
        left join cover cv on cv.section_id = ts.id
        left join adoption_materials am on am.id = cv.adoption_material_id
        left join titles t on t.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      order by c.code, c.id, ts.code, ts.id, am.required desc nulls last,
        coalesce(t.description, pt.description), am.id`,
  );
  return rows.map(toSectionRow);
}

function toSectionRow(r: Record<keyof DepartmentSectionRow, unknown>): DepartmentSectionRow {
  return {
    sectionId: Number(r.sectionId),
    departmentCode: String(r.departmentCode),
    departmentName: String(r.departmentName),
    courseCode: String(r.courseCode),
    courseName: String(r.courseName),
    sectionCode: String(r.sectionCode),
    startDate: String(r.startDate),
    professors: parseNames(r.professors),
    adoptionMaterialId: num(r.adoptionMaterialId),
    noTextRequired: bool(r.noTextRequired),
    required: bool(r.required),
    titleId: num(r.titleId),
    proposedTitleId: num(r.proposedTitleId),
    isbn: str(r.isbn),
    title: str(r.title),
    author: str(r.author),
    publisher: str(r.publisher),
    edition: str(r.edition),
    copyrightYear: num(r.copyrightYear),
    listPriceCents: num(r.listPriceCents),
    designation: designationOf(r.designation),
    requiredCostLowCents: num(r.requiredCostLowCents),
    requiredCostHighCents: num(r.requiredCostHighCents),
  };
}

/** json_agg arrives parsed from both drivers; a string (a driver without the parser) too. */
function parseNames(value: unknown): string[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String).filter((n) => n.length > 0) : [];
}
