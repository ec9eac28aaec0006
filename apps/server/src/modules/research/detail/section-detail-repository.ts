import {
  ADOPTION_TYPE,
  type DeadlineStatus,
  type EnrolledStudent,
  type SectionMaterial,
} from '@csp/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { deadlineStatusSql } from '../../campaigns/index.ts';

/** A section of the store with its catalog ancestry and the facts kept with it (ADR 0016). */
export interface SectionDetailRow {
  sectionId: number;
  sectionCode: string;
  courseId: number;
  courseCode: string;
  courseName: string;
  departmentId: number;
  departmentCode: string;
  departmentName: string;
  divisionId: number;
  divisionName: string;
  termId: number;
  termName: string;
  startDate: string;
  endDate: string;
  enrollmentCapacity: number;
  enrollmentCount: number;
  listingCount: number;
  hasNtr: boolean;
  hasText: boolean;
  adoptionRank: number;
  adoptionDeadline: string | null;
  deadlineStatus: DeadlineStatus;
}

/** `today` (YYYY-MM-DD): what the section's standing against its term's deadline is measured on. */
export async function findSectionDetail(
  db: Db,
  locationId: number,
  sectionId: number,
  today: string,
): Promise<SectionDetailRow | null> {
  const [row] = await queryRows<SectionDetailRow>(
    db,
    sql`select s.id as "sectionId", s.code as "sectionCode", c.id as "courseId",
        c.code as "courseCode", c.name as "courseName", d.id as "departmentId",
        d.code as "departmentCode", d.name as "departmentName", dv.id as "divisionId",
        dv.name as "divisionName", tm.id as "termId", tm.name as "termName",
        s.start_date::text as "startDate", s.end_date::text as "endDate",
        s.enrollment_capacity as "enrollmentCapacity", s.enrollment_count as "enrollmentCount",
        s.listing_count as "listingCount", s.has_ntr as "hasNtr", s.has_text as "hasText",
        s.adoption_status_rank as "adoptionRank",
        tm.adoption_deadline::text as "adoptionDeadline",
        ${deadlineStatusSql('s', 'tm', today)} as "deadlineStatus"
      from sections s join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id join divisions dv on dv.id = c.division_id
        join terms tm on tm.id = s.term_id
      where s.id = ${sectionId} and s.location_id = ${locationId}`,
  );
  if (!row) return null;
  return {
    ...row,
    sectionId: Number(row.sectionId),
    courseId: Number(row.courseId),
    departmentId: Number(row.departmentId),
    divisionId: Number(row.divisionId),
    termId: Number(row.termId),
    enrollmentCapacity: Number(row.enrollmentCapacity),
    enrollmentCount: Number(row.enrollmentCount),
    listingCount: Number(row.listingCount),
    adoptionRank: Number(row.adoptionRank),
  };
}

export async function sectionProfessors(
  db: Db,
  sectionId: number,
): Promise<{ professorId: number; name: string; email: string | null }[]> {
  const rows = await queryRows<{ professorId: number; name: string; email: string | null }>(
    db,
    sql`select p.id as "professorId", p.last_name || ', ' || p.first_name as "name", p.email
      from section_professors sp join professors p on p.id = sp.professor_id
      where sp.section_id = ${sectionId}
      order by p.last_name, p.first_name, p.id`,
  );
  return rows.map((r) => ({ ...r, professorId: Number(r.professorId) }));
}

/** The section's students, by last name (enrollments' section index). */
export async function enrolledStudents(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<EnrolledStudent[]> {
  const rows = await queryRows<EnrolledStudent>(
    db,
    sql`select st.id as "customerId", st.student_id_num as "studentIdNum",
        st.first_name as "firstName", st.last_name as "lastName"
      from enrollments e join students st on st.id = e.student_id
      where e.section_id = ${sectionId} and st.location_id = ${locationId}
      order by st.last_name, st.first_name, st.id`,
  );
  return rows.map((r) => ({ ...r, customerId: Number(r.customerId) }));
}

/**
 * Share (0-100, one decimal) of the section's order items that are fulfilled, of those not
 * cancelled; null when it has none.
 */
export async function fulfilledShare(db: Db, sectionId: number): Promise<number | null> {
  const [row] = await queryRows<{ share: string | number | null }>(
    db,
    sql`select round(100.0 * count(*) filter (where oi.status = 'FULFILLED')
        / nullif(count(*), 0), 1) as share
      from order_items oi
      where oi.section_id = ${sectionId} and oi.status <> 'CANCELLED'`,
  );
  return row?.share === null || row?.share === undefined ? null : Number(row.share);
}

/**
 * One material covering the section (coverage-sql.ts's rule), with its title's details: the
 * answered material, with whether it waits for a response in place of its status label.
 */
export type SectionMaterialRow = Omit<SectionMaterial, 'statusLabel'> & { needsResponse: boolean };

/**
 * The active adoptions covering a section: its own, not removed from it, and its course's
 * auto adoptions (modules/adoption/coverage-sql.ts); required first, then by title.
 */
export async function coveringMaterials(
  db: Db,
  locationId: number,
  section: { sectionId: number; courseId: number },
): Promise<SectionMaterialRow[]> {
  const rows = await queryRows<SectionMaterialRow>(
    db,
    sql`with covering as (
        select ams.adoption_material_id as id from adoption_material_sections ams
        where ams.section_id = ${section.sectionId} and not ams.removed
        union
        select am.id from adoption_materials am
        where am.course_id = ${section.courseId} and am.adoption_type = ${ADOPTION_TYPE.AUTO}
          and am.location_id = ${locationId}
      )
      select am.id as "adoptionMaterialId", am.adoption_type as "adoptionType",
        am.title_id as "titleId", am.proposed_title_id as "proposedTitleId",
        t.ean13 as "isbn", coalesce(t.description, pt.description) as "title",
        coalesce(t.author, pt.author) as "author", coalesce(t.edition, pt.edition) as "edition",
        coalesce(t.publisher, pt.publisher) as "publisher", am.required, 
        am.no_text_required as "noTextRequired", am.ia, am.start_date::text as "startDate",
        am.expiration_date::text as "expirationDate", t.list_price_cents as "retailPriceCents",
        am.messaging_status = 'RESPONSE_REQUIRED' as "needsResponse"
      from covering cv join adoption_materials am on am.id = cv.id and am.active
        left join titles t on t.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      where am.location_id = ${locationId}
      order by am.required desc, coalesce(t.description, pt.description) nulls last, am.id`,
  );
  return rows.map((r) => ({
    ...r,
    adoptionMaterialId: Number(r.adoptionMaterialId),
    titleId: r.titleId === null ? null : Number(r.titleId),
    proposedTitleId: r.proposedTitleId === null ? null : Number(r.proposedTitleId),
    retailPriceCents: r.retailPriceCents === null ? null : Number(r.retailPriceCents),
  }));
}
