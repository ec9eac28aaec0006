import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { lockAdoptionForChange, lockCourse } from './write-repository.ts';

/** The adoption as a change finds it under its locks (write-repository.ts's lockAdoptionForChange). */
export type LockedAdoption = NonNullable<Awaited<ReturnType<typeof lockAdoptionForChange>>>;

/**
 * Runs `change` in one transaction under the course's lock (every write of a course's adoptions
 * takes it first) and the adoption's row lock, so the rules it checks still hold when it writes;
 * 404 when the adoption is gone.
 */
export async function changeLockedAdoption(
  db: Db,
  courseId: number,
  adoptionMaterialId: number,
  change: (txDb: Db, current: LockedAdoption) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockCourse(txDb, courseId);
    const current = await lockAdoptionForChange(txDb, adoptionMaterialId);
    if (!current) throw AppError.notFound(M.adoptionNotFound, 'adoptionMaterialId');
    await change(txDb, current);
  });
}
