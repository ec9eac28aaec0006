import { ADOPTION_TYPE } from '@csp/contracts';
import type { AdoptionMaterialDTO } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import type { Grants } from '../../permissions/index.ts';
import { insertActivity } from '../course-detail/activity-repository.ts';
import { refuseDuplicates } from './create.ts';
import { adoptionWithCourse } from './edit.ts';
import { changeLockedAdoption } from './locked-change.ts';
import { updateAdoption } from './write-repository.ts';
import { courseAdoption } from '../course-detail/materials.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { findTitle } from './title-repository.ts';

/**
 * docs/behaviour/calls.md#adoption-base convertMaterialProposedToActualTitle (link new): the store's team found the catalog
 * title for a proposed one, and the adoption now adopts it. The proposed title stays on the
 * adoption as its history. Linking to the title it is already linked to changes nothing.
 */
export async function linkProposedTitle(
  deps: AppDeps,
  session: Session,
  grants: Grants,
  input: { adoptionMaterialId: number; titleToConvertToId: number },
): Promise<AdoptionMaterialDTO> {
  const { db } = deps;
  const id = input.adoptionMaterialId;
  const course = await adoptionWithCourse(db, session, grants, id);
  const onCourse = { ...course.ancestry, sectionId: null };
  const mayLink =
    (await grants.mayDo('ASSIGN_TITLE', onCourse)) ||
    (await grants.mayDo('ADOPT_CMA_TEAM', onCourse));
  if (!mayLink) throw AppError.forbidden(M.mayNotAssignTitle);
  const title = await findTitle(db, session.locationId, input.titleToConvertToId);
  if (!title) throw AppError.notFound(M.titleNotFound, 'titleToConvertToId');
  const now = deps.now();
  await changeLockedAdoption(db, course.ancestry.courseId, id, async (txDb, current) => {
    const { row } = current;
    if (row.titleId === title.id) return;
    if (!row.active) throw AppError.conflict(M.adoptionEnded, 'adoptionMaterialId');
    if (row.proposedTitleId === null) {
      throw AppError.badRequest(M.notProposedTitle, 'adoptionMaterialId');
    }
    if (row.titleId !== null) throw AppError.conflict(M.alreadyLinked, 'adoptionMaterialId');
    const isAuto = row.adoptionType === ADOPTION_TYPE.AUTO;
    await refuseDuplicates(
      txDb,
      course,
      { titleId: title.id, proposedTitleId: null },
      isAuto,
      current.sectionIds,
      row.id,
    );
    await updateAdoption(txDb, id, { titleId: title.id, updatedAt: now });
    await insertActivity(txDb, {
      locationId: session.locationId,
      adoptionMaterialId: id,
      actorAccountId: session.accountId,
      action: 'PROPOSED_TITLE_CONVERTED',
      at: now,
      details: {
        before: { proposedTitleId: row.proposedTitleId, titleId: null },
        after: { titleId: title.id, ean13: title.ean13, description: title.description },
      },
    });
  });
  return courseAdoption(db, session.locationId, course.ancestry.courseId, id);
}
