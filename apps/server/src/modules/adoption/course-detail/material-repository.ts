import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  adoptionActivity,
  adoptionMaterialSections,
  adoptionMaterials,
  proposedTitles,
  sections,
  titles,
  userAccounts,
} from '../../../db/schema/index.ts';

/**
 * A course's adoptions with their title or proposed title, as stored: the active ones, (for
 * the history of previous adoptions) every one starting on or after `startDateFrom`, or one.
 */
export async function listAdoptions(
  db: Db,
  locationId: number,
  courseId: number,
  filter: { activeOnly: true } | { startDateFrom: string } | { adoptionMaterialId: number },
) {
  return db
    .select({
      adoption: adoptionMaterials,
      title: titles,
      proposedTitle: proposedTitles,
      submitter: { name: userAccounts.name, userName: userAccounts.userName },
    })
    .from(adoptionMaterials)
    .leftJoin(userAccounts, eq(userAccounts.id, adoptionMaterials.createdBy))
    .leftJoin(titles, eq(titles.id, adoptionMaterials.titleId))
    .leftJoin(proposedTitles, eq(proposedTitles.id, adoptionMaterials.proposedTitleId))
    .where(
      and(
        eq(adoptionMaterials.locationId, locationId),
        eq(adoptionMaterials.courseId, courseId),
        'activeOnly' in filter
          ? eq(adoptionMaterials.active, true)
          : 'adoptionMaterialId' in filter
            ? eq(adoptionMaterials.id, filter.adoptionMaterialId)
            : gte(adoptionMaterials.startDate, filter.startDateFrom),
      ),
    )
    .orderBy(
      desc(adoptionMaterials.adoptionType),
      desc(adoptionMaterials.startDate),
      desc(adoptionMaterials.id),
    );
}

export type StoredAdoption = Awaited<ReturnType<typeof listAdoptions>>[number];

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

/** How many messages each adoption's thread has (adoptions without any are left out). */
export async function countMessages(db: Db, adoptionIds: readonly number[]) {
  if (adoptionIds.length === 0) return [];
  return db
    .select({ adoptionMaterialId: adoptionActivity.adoptionMaterialId, messages: count() })
    .from(adoptionActivity)
    .where(
      and(
        inArray(adoptionActivity.adoptionMaterialId, [...adoptionIds]),
        eq(adoptionActivity.action, 'MESSAGE_POSTED'),
      ),
    )
    .groupBy(adoptionActivity.adoptionMaterialId);
}
