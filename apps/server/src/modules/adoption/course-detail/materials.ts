import { effectiveMaterialKind, type AdoptionMaterialDTO } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import type { AccessibleCourse } from '../course-access.ts';
import { isoDay } from './sections.ts';
import { presentProposedTitle, presentTitle } from '../wizard/titles.ts';
import {
  countMessages,
  listAdoptions,
  listCoveredSections,
  type StoredAdoption,
} from './material-repository.ts';

/** The course's active adoptions, with what each adopts and the sections it covers. */
export async function courseAdoptions(
  db: Db,
  locationId: number,
  course: AccessibleCourse,
): Promise<AdoptionMaterialDTO[]> {
  const stored = await listAdoptions(db, locationId, course.ancestry.courseId, {
    activeOnly: true,
  });
  return presentAdoptions(db, stored);
}

/**
 * The course's adoptions that started within the last `days` days (expired ones included),
 * split into the caller's own and everyone else's: what "add from previous" offers.
 */
export async function previousAdoptions(
  db: Db,
  session: { accountId: number; locationId: number },
  course: AccessibleCourse,
  days: number,
  now: Date,
): Promise<{ myAdoptions: AdoptionMaterialDTO[]; otherAdoptions: AdoptionMaterialDTO[] }> {
  const from = isoDay(new Date(now.getTime() - days * 86_400_000));
  const stored = await listAdoptions(db, session.locationId, course.ancestry.courseId, {
    startDateFrom: from,
  });
  const mine = new Set(
    stored.filter((s) => s.adoption.createdBy === session.accountId).map((s) => s.adoption.id),
  );
  const all = await presentAdoptions(db, stored);
  return {
    myAdoptions: all.filter((a) => mine.has(a.adoptionMaterialId)),
    otherAdoptions: all.filter((a) => !mine.has(a.adoptionMaterialId)),
  };
}

/** One adoption of a course as the screens show it (what a change answers). */
export async function courseAdoption(
  db: Db,
  locationId: number,
  courseId: number,
  adoptionMaterialId: number,
): Promise<AdoptionMaterialDTO> {
  const stored = await listAdoptions(db, locationId, courseId, { adoptionMaterialId });
  const [adoption] = await presentAdoptions(db, stored);
  if (!adoption) throw new Error(`adoption ${adoptionMaterialId} was not found`);
  return adoption;
}

async function presentAdoptions(db: Db, stored: StoredAdoption[]): Promise<AdoptionMaterialDTO[]> {
  const ids = stored.map((s) => s.adoption.id);
  const covered = await listCoveredSections(db, ids);
  const messages = new Map(
    (await countMessages(db, ids)).map((m) => [m.adoptionMaterialId, Number(m.messages)]),
  );
  return stored.map(({ adoption: a, title, proposedTitle: p, submitter }) => ({
    adoptionMaterialId: a.id,
    active: a.active,
    startDate: a.startDate,
    expirationDate: a.expirationDate,
    titleId: a.titleId,
    adoptionProposedTitleId: a.proposedTitleId,
    adoptionType: a.adoptionType,
    required: a.required,
    materialKind: a.noTextRequired
      ? null
      : effectiveMaterialKind(a.materialKind, a.ia, title?.materialKind ?? null),
    bindInComponentRequired: a.bindInComponentRequired,
    printOnlyRequired: a.printOnlyRequired,
    estimatedSectionEnrollment: a.estimatedSectionEnrollment,
    externalAdoptionNote: a.externalAdoptionNote,
    flexibleOnEdition: a.flexibleOnEdition,
    ia: a.ia,
    iapublisher: a.iapublisher,
    noTextRequired: a.noTextRequired,
    removal: a.removal,
    catalogListingStatus: a.catalogListingStatus,
    adoptionMessagingStatusName: a.messagingStatus,
    submitter: submitter?.userName ? { name: submitter.name, userName: submitter.userName } : null,
    title: title ? presentTitle(title) : null,
    proposedTitle: p ? presentProposedTitle(p) : null,
    sections: covered
      .filter((c) => c.adoptionMaterialId === a.id)
      .map((c) => ({ sectionId: c.sectionId, sectionCode: c.sectionCode })),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    source: a.source,
    messageCount: messages.get(a.id) ?? 0,
  }));
}
