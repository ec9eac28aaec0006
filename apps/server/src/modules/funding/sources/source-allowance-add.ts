import { FUNDING_MESSAGES as M, type FundingAllowance } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { Session } from '../../../lib/session.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { grantAllowances } from '../allowances/allowance-grants.ts';
import { storeAllowance } from '../allowances/allowance-list.ts';
import {
  findAllowanceByClientKey,
  studentsByIdNum,
  studentsWithAllowance,
} from '../allowances/allowance-repository.ts';
import { findSource, lockSource } from './source-repository.ts';

const KEY_USED = 'This request key was already used for an allowance of another source.';

export interface AddAllowanceInput {
  studentIdNum: string;
  amountCents: number;
  note: string;
  clientKey: string;
}

/** The allowance an earlier add with this key made; 409 if it was for another source. */
function replayed(earlier: { id: number; sourceId: number }, sourceId: number): number {
  if (earlier.sourceId !== sourceId) throw AppError.conflict(KEY_USED, 'clientKey');
  return earlier.id;
}

/**
 * addAllowance: gives one student of the store an allowance from the source (grantAllowances:
 * under the source's lock, checked against the cap and the budget left, an ALLOCATION entry,
 * an ALLOWANCE_ADDED activity entry). The same clientKey from the same account answers the
 * allowance it added first: checked again after the source's lock (two racing submits queue
 * there, the second then sees the first), and the unique index on (created_by, client_key)
 * is the last word.
 */
export async function addSourceAllowance(
  db: Db,
  session: Session,
  sourceId: number,
  input: AddAllowanceInput,
  now: Date,
): Promise<FundingAllowance> {
  const { locationId, accountId } = session;
  const answer = (id: number) => storeAllowance(db, locationId, id);
  if (!(await findSource(db, locationId, sourceId)))
    throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const earlier = await findAllowanceByClientKey(db, accountId, input.clientKey);
  if (earlier) return answer(replayed(earlier, sourceId));
  const student = (await studentsByIdNum(db, locationId, [input.studentIdNum])).get(
    input.studentIdNum,
  );
  if (!student) throw AppError.badRequest(M.studentNotFound(input.studentIdNum), 'studentIdNum');

  let allowanceId: number;
  try {
    allowanceId = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockSource(tx, locationId, sourceId);
        const prior = await findAllowanceByClientKey(tx, accountId, input.clientKey);
        if (prior) return replayed(prior, sourceId);
        const ids = await grantAllowances(
          tx,
          locationId,
          sourceId,
          [
            {
              studentId: student.id,
              studentIdNum: input.studentIdNum,
              amountCents: input.amountCents,
              note: input.note,
            },
          ],
          {
            actorAccountId: accountId,
            now,
            clientKey: input.clientKey,
            activityPerAllowance: true,
          },
        );
        return ids.get(student.id) as number;
      }),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findAllowanceByClientKey(db, accountId, input.clientKey);
    if (winner) return answer(replayed(winner, sourceId));
    // Another add gave the student an allowance from this source meanwhile.
    if ((await studentsWithAllowance(db, sourceId, [student.id])).size > 0)
      throw AppError.conflict(M.duplicateAllowance(input.studentIdNum), 'studentIdNum');
    throw error;
  }
  return answer(allowanceId);
}
