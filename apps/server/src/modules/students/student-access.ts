import type { FastifyRequest } from 'fastify';
import { STUDENT_LOOKUP_ACTIONS, STUDENT_LOOKUP_REFUSAL, type ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireSession } from '../../lib/request-context.ts';
import type { Session } from '../../lib/session.ts';
import { grantsOf, type Grants } from '../permissions/index.ts';
import { findStudent, type StudentRow } from './student-repository.ts';

/** Spec §8: a return for an unknown customer is a 404 ': Customer not found'. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The caller's session and grants, once they hold an action that lets them look students up. */
export async function studentReader(
  db: Db,
  request: FastifyRequest,
): Promise<{ session: Session; grants: Grants }> {
  const session = requireSession(request);
  const grants = await grantsOf(db, request);
  await grants.requireAny(STUDENT_LOOKUP_ACTIONS, STUDENT_LOOKUP_REFUSAL);
  return { session, grants };
}

/**
 * Students are store-wide records, not catalog items: an action about them is held or not,
 * wherever its role was assigned. 403 with `message` when it is not.
 */
export async function requireStudentAction(
  grants: Grants,
  action: ActionName,
  message: string,
): Promise<void> {
  await grants.requireAny([action], message);
}

/** The student `customerId` of the caller's store; 404 'Customer not found' otherwise. */
export async function studentOfStore(
  db: Db,
  session: Session,
  customerId: number,
): Promise<StudentRow> {
  const student = await findStudent(db, session.locationId, customerId);
  if (!student) throw new AppError(404, CUSTOMER_NOT_FOUND, 'customerId');
  return student;
}
