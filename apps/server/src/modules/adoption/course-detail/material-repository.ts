import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { preparedQuery } from '../../../db/prepared-query.ts';
import {
  adoptionActivity,
  adoptionMaterialSections,
  adoptionMaterials,
  proposedTitles,
  sections,
  titles,
  userAccounts,
} from '../../../db/schema/index.ts';

type AdoptionFilter =
  { activeOnly: true } | { startDateFrom: string } | { adoptionMaterialId: number };

const FILTERS = {
  active: eq(adoptionMaterials.active, true),
  startingFrom: gte(adoptionMaterials.startDate, sql.placeholder('startDateFrom')),
  one: eq(adoptionMaterials.id, sql.placeholder('adoptionMaterialId')),
};

/** The adoptions statement for one kind of filter, built once per handle (db/prepared-query.ts). */
const adoptionsQuery = (kind: keyof typeof FILTERS) =>
  preparedQuery(`csp_course_adoptions_${kind}`, (db) =>
    db
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
          eq(adoptionMaterials.locationId, sql.placeholder('locationId')),
          eq(adoptionMaterials.courseId, sql.placeholder('courseId')),
          FILTERS[kind],
        ),
      )
      .orderBy(
        desc(adoptionMaterials.adoptionType),
        desc(adoptionMaterials.startDate),
        desc(adoptionMaterials.id),
      ),
  );
const ADOPTIONS = {
  active: adoptionsQuery('active'),
  startingFrom: adoptionsQuery('startingFrom'),
  one: adoptionsQuery('one'),
};

/**
 * A course's adoptions with their title or proposed title, as stored: the active ones, (for
 * the history of previous adoptions) every one starting on or after `startDateFrom`, or one.
 */
export async function listAdoptions(
  db: Db,
  locationId: number,
  courseId: number,
  filter: AdoptionFilter,
) {
  const key = { locationId, courseId };
  if ('activeOnly' in filter) return ADOPTIONS.active(db).execute(key);
  if ('adoptionMaterialId' in filter) return ADOPTIONS.one(db).execute({ ...key, ...filter });
  return ADOPTIONS.startingFrom(db).execute({ ...key, startDateFrom: filter.startDateFrom });
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
