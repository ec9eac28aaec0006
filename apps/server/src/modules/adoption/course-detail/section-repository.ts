import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { shortTermName } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import {
  adoptionMaterialSections,
  adoptionMaterials,
  courses,
  enrollments,
  orderItems,
  professors,
  sectionProfessors,
  sections,
  terms,
} from '../../../db/schema/index.ts';

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
}

const bool = (v: unknown) => v === true || v === 't';
const num = (v: unknown) => Number(v ?? 0);

/**
 * The sections of a course that end on or after `today`, by start date, with what the adoption
 * screens show of each. Each figure is a subquery on its own index (enrollments, professors,
 * adoptions by section, the course's auto adoptions, order items by section), so a course's
 * sections cost one statement whatever the size of the store.
 */
export async function listCourseSections(
  db: Db,
  locationId: number,
  courseId: number,
  today: string,
): Promise<SectionFigures[]> {
  // Active adoptions that cover the section: its own (not removed from it) and the course's.
  const covering = (ntr: boolean) => sql`(
    exists (select 1 from ${adoptionMaterialSections}
      join ${adoptionMaterials} on ${adoptionMaterials.id} = ${adoptionMaterialSections.adoptionMaterialId}
      where ${adoptionMaterialSections.sectionId} = ${sections.id}
        and not ${adoptionMaterialSections.removed} and ${adoptionMaterials.active}
        and ${adoptionMaterials.noTextRequired} = ${ntr})
    or exists (select 1 from ${adoptionMaterials}
      where ${adoptionMaterials.courseId} = ${sections.courseId}
        and ${adoptionMaterials.adoptionType} = 'AUTO_ADOPTION' and ${adoptionMaterials.active}
        and ${adoptionMaterials.noTextRequired} = ${ntr}))`;
  const rows = await db
    .select({
      sectionId: sections.id,
      courseCode: courses.code,
      sectionCode: sections.code,
      termName: terms.name,
      startDate: sections.startDate,
      endDate: sections.endDate,
      professorNames: sql<
        string[]
      >`array(select ${professors.firstName} || ' ' || ${professors.lastName}
        from ${sectionProfessors} join ${professors} on ${professors.id} = ${sectionProfessors.professorId}
        where ${sectionProfessors.sectionId} = ${sections.id}
        order by ${professors.lastName}, ${professors.firstName})`,
      studentsEnrolled: sql<number>`(select count(*) from ${enrollments}
        where ${enrollments.sectionId} = ${sections.id})`,
      listingCount: sql<number>`(select count(*) from ${adoptionMaterialSections}
          join ${adoptionMaterials} on ${adoptionMaterials.id} = ${adoptionMaterialSections.adoptionMaterialId}
          where ${adoptionMaterialSections.sectionId} = ${sections.id}
            and not ${adoptionMaterialSections.removed} and ${adoptionMaterials.active})
        + (select count(*) from ${adoptionMaterials}
          where ${adoptionMaterials.courseId} = ${sections.courseId}
            and ${adoptionMaterials.adoptionType} = 'AUTO_ADOPTION' and ${adoptionMaterials.active})`,
      hasNtr: covering(true),
      hasNonNtr: covering(false),
      itemsFulfilled: sql<number>`(select count(*) from ${orderItems}
        where ${orderItems.sectionId} = ${sections.id} and ${orderItems.status} = 'FULFILLED')`,
      itemsOrdered: sql<number>`(select count(*) from ${orderItems}
        where ${orderItems.sectionId} = ${sections.id} and ${orderItems.status} <> 'CANCELLED')`,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(terms, eq(terms.id, sections.termId))
    .where(
      and(
        eq(sections.locationId, locationId),
        eq(sections.courseId, courseId),
        gte(sections.endDate, today),
      ),
    )
    .orderBy(asc(sections.startDate), asc(sections.code), asc(sections.id));
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
    };
  });
}
