import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  adoptionMaterialSections,
  adoptionMaterials,
  proposedTitles,
  sections,
  titles,
} from '../../db/schema/index.ts';

/** An active adoption of a course with its title or proposed title, as stored. */
export async function listActiveAdoptions(db: Db, locationId: number, courseId: number) {
  return db
    .select({
      adoption: adoptionMaterials,
      title: titles,
      proposedTitle: proposedTitles,
    })
    .from(adoptionMaterials)
    .leftJoin(titles, eq(titles.id, adoptionMaterials.titleId))
    .leftJoin(proposedTitles, eq(proposedTitles.id, adoptionMaterials.proposedTitleId))
    .where(
      and(
        eq(adoptionMaterials.locationId, locationId),
        eq(adoptionMaterials.courseId, courseId),
        eq(adoptionMaterials.active, true),
      ),
    )
    .orderBy(
      desc(adoptionMaterials.adoptionType),
      desc(adoptionMaterials.startDate),
      desc(adoptionMaterials.id),
    );
}

export type StoredAdoption = Awaited<ReturnType<typeof listActiveAdoptions>>[number];

/** The sections each adoption covers (not removed from), by section code. */
export async function listCoveredSections(db: Db, adoptionIds: readonly number[]) {
  if (adoptionIds.length === 0) return [];
  return db
    .select({
      adoptionMaterialId: adoptionMaterialSections.adoptionMaterialId,
      sectionId: sections.id,
      sectionCode: sections.code,
    })
    .from(adoptionMaterialSections)
    .innerJoin(sections, eq(sections.id, adoptionMaterialSections.sectionId))
    .where(
      and(
        inArray(adoptionMaterialSections.adoptionMaterialId, [...adoptionIds]),
        eq(adoptionMaterialSections.removed, false),
      ),
    )
    .orderBy(asc(sections.code), asc(sections.id));
}
