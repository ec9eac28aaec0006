import { LTI_LANDING_MESSAGES as M } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import { mayAdoptOnEach } from '../../adoption/index.ts';
import { resolveCatalogAncestry } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { lockPickLaunch, tieLaunchedCourse } from './landing-repository.ts';
import { hashOneTimeCode } from '../one-time-code.ts';

/**
 * The course picker's tie (an instructor's launch whose course did not map): the section must be
 * one the caller may adopt on (as every adopt call on a section asks; 404 otherwise, not telling
 * whether it exists), and the pick code the caller's own launch's, in their store, not expired.
 * Spending it ties the platform course (registration, context id) to the section, so the
 * course's next launch lands there. The same tie sent again answers as the first did.
 */
export async function tieCourse(
  deps: Pick<AppDeps, 'db' | 'now'>,
  session: Session,
  grants: Grants,
  input: { pickCode: string; sectionId: number },
): Promise<{ sectionId: number }> {
  const { db } = deps;
  const ancestry = await resolveCatalogAncestry(db, session.locationId, {
    sectionId: input.sectionId,
  });
  const [allowed] = ancestry ? await mayAdoptOnEach(grants, [ancestry]) : [false];
  if (!allowed) throw AppError.notFound(M.sectionNotYours, 'sectionId');
  const pickCodeHash = hashOneTimeCode(input.pickCode);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const launch = await lockPickLaunch(txDb, pickCodeHash);
    const own = launch?.locationId === session.locationId && launch.accountId === session.accountId;
    if (!launch || !own || launch.registrationId === null || launch.contextId === null) {
      throw AppError.badRequest(M.pickInvalid, 'pickCode');
    }
    if (launch.sectionId !== null) {
      if (launch.sectionId === input.sectionId) return;
      throw AppError.conflict(M.pickUsed, 'pickCode');
    }
    if (!launch.pickExpiresAt || launch.pickExpiresAt <= deps.now()) {
      throw AppError.badRequest(M.pickExpired, 'pickCode');
    }
    await tieLaunchedCourse(txDb, {
      launchId: launch.id,
      registrationId: launch.registrationId,
      contextId: launch.contextId,
      sectionId: input.sectionId,
      accountId: session.accountId,
    });
  });
  return { sectionId: input.sectionId };
}
