import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { coveringAdoptionsSql } from '../../adoption/index.ts';

/** One adopted material (or a no-text-required record) of one of the student's sections. */
export interface RequiredMaterialRow {
  sectionId: number;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  termName: string;
  termStart: string;
  divisionId: number;
  divisionName: string;
  startDate: string;
  endDate: string;
  adoptionMaterialId: number;
  titleId: number | null;
  isbn: string | null;
  digitalIsbn: string | null;
  listPriceCents: number | null;
  /** The title's text, or the proposed title's when the material is not a catalog title. */
  title: string | null;
  author: string | null;
  edition: string | null;
  required: boolean;
  noTextRequired: boolean;
  ownedOrderId: number | null;
  ownedFulfillmentType: string | null;
  ownedStatus: string | null;
}

type Raw = Record<keyof RequiredMaterialRow, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bool = (v: unknown) => v === true || v === 't';

/**
 * The active adoptions covering each of the student's enrolled sections of the store that have
 * not ended (end date on or after `today`), one row per section and adoption, with what the
 * student already has of the title.
 *
 * "Covering" is the adoption module's rule (coveringAdoptionsSql): the section's own active
 * adoptions not removed from it, and the course's active AUTO_ADOPTIONs, which cover every
 * section of the course.
 *
 * What the student has: an order item that is not cancelled, of an order not cancelled, for the
 * title (the one for this section first, else the latest). This is the one place that rule
 * lives: what is orderable (orderable-items.ts) and why createOrder refuses a title
 * (order-draft.ts) read it from these rows. A student's enrollments are few, so every step is
 * an index probe from enrollments' primary key.
 */
export async function requiredMaterialRows(
  db: Db,
  locationId: number,
  studentId: number,
  today: string,
  /** One enrolled section only, ended or not (section research's student screen). */
  sectionId?: number,
): Promise<RequiredMaterialRow[]> {
  const which =
    sectionId === undefined ? sql`s.end_date >= ${today}::date` : sql`s.id = ${sectionId}`;
  const rows = await queryRows<Raw>(
    db,
    sql`with my_sections as (
      select s.id, s.course_id
      from enrollments e join sections s on s.id = e.section_id
      where e.student_id = ${studentId} and e.location_id = ${locationId}
        and s.location_id = ${locationId} and ${which}
    ),
    covering as (${coveringAdoptionsSql(locationId, 'my_sections')})
    select s.id as "sectionId", c.code as "courseCode", c.name as "courseName",
      s.code as "sectionCode", tm.name as "termName", tm.start_date::text as "termStart",
      d.id as "divisionId", d.name as "divisionName",
      s.start_date::text as "startDate", s.end_date::text as "endDate",
      am.id as "adoptionMaterialId", t.id as "titleId", t.ean13 as "isbn",
      t.digital_isbn as "digitalIsbn", t.list_price_cents as "listPriceCents",
      coalesce(t.description, pt.description) as "title",
      coalesce(t.author, pt.author) as "author",
      coalesce(t.edition, pt.edition) as "edition",
      am.required as "required", am.no_text_required as "noTextRequired",
      owned.order_id as "ownedOrderId", owned.fulfillment_type as "ownedFulfillmentType",
      owned.status as "ownedStatus"
    from covering cv
      join sections s on s.id = cv.section_id
      join courses c on c.id = s.course_id
      join divisions d on d.id = c.division_id
      join terms tm on tm.id = s.term_id
      join adoption_materials am on am.id = cv.adoption_material_id
      left join titles t on t.id = am.title_id
      left join proposed_titles pt on pt.id = am.proposed_title_id
      left join lateral (
        select oi.order_id, oi.fulfillment_type, oi.status
        from order_items oi join orders o on o.id = oi.order_id
        where o.student_id = ${studentId} and o.status <> 'CANCELLED'
          and oi.status <> 'CANCELLED' and oi.title_id = t.id
        order by (oi.section_id = s.id) desc nulls last, oi.id desc
        limit 1
      ) owned on true
    order by tm.start_date, c.code, s.code, s.id,
      coalesce(t.description, pt.description) nulls first, am.id`,
  );
  return rows.map((r) => ({
    sectionId: Number(r.sectionId),
    courseCode: String(r.courseCode),
    courseName: String(r.courseName),
    sectionCode: String(r.sectionCode),
    termName: String(r.termName),
    termStart: String(r.termStart),
    divisionId: Number(r.divisionId),
    divisionName: String(r.divisionName),
    startDate: String(r.startDate),
    endDate: String(r.endDate),
    adoptionMaterialId: Number(r.adoptionMaterialId),
    titleId: num(r.titleId),
    isbn: str(r.isbn),
    digitalIsbn: str(r.digitalIsbn),
    listPriceCents: num(r.listPriceCents),
    title: str(r.title),
    author: str(r.author),
    edition: str(r.edition),
    required: bool(r.required),
    noTextRequired: bool(r.noTextRequired),
    ownedOrderId: num(r.ownedOrderId),
    ownedFulfillmentType: str(r.ownedFulfillmentType),
    ownedStatus: str(r.ownedStatus),
  }));
}

/** Whether the student is enrolled in the section (both of the store). */
export async function isEnrolled(
  db: Db,
  locationId: number,
  studentId: number,
  sectionId: number,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from enrollments
      where student_id = ${studentId} and section_id = ${sectionId} and location_id = ${locationId}`,
  );
  return rows.length > 0;
}
