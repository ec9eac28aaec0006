import type { z } from 'zod';
import type {
  FailedReturnItem,
  ResponseOf,
  returnRentals,
  returnRentalsBody,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { recordStudentActivity, type StudentActivityEntry } from '../activity-repository.ts';
import { insertLabels } from '../../print/index.ts';
import { labelExpiry, newLabelToken, type LabelUrl } from '../../print/index.ts';
import { requireReturnAddress } from '../../print/index.ts';
import { counterMoment } from '../../print/index.ts';
import { rentalItemOf } from './lists.ts';
import { RENTAL_MESSAGES as M } from './messages.ts';
import { lockRentals, markReturned, storeConditions, type LockedRental } from './repository.ts';
import type { StudentScope } from '../access/student-access.ts';

type ReturnResult = ResponseOf<typeof returnRentals>;

/** The return call's body as the contract parses it. */
type ReturnRequest = z.output<typeof returnRentalsBody>;

const LIST = 'transItemIdWithConditionList';

/**
 * Checks rentals in at the counter (docs/behaviour/flows.md#return-flow). Refusals that concern the whole
 * call (another store, an unknown student or one outside the caller's scope, a condition the
 * store does not have, no return address) come first and write nothing; then, in one
 * transaction, every item that can be returned is, and each one that cannot lands in `failed`
 * with its reason (a rental of a student the caller may not look up as an unknown id).
 */
export async function returnRentalsFor(
  deps: { db: Db; now: () => Date },
  scope: StudentScope,
  body: ReturnRequest,
  labelUrl: LabelUrl,
): Promise<ReturnResult> {
  const { db } = deps;
  const { session } = scope;
  if (body.locationId !== session.locationId) {
    throw AppError.badRequest(M.notThisStore(body.locationId), 'locationId');
  }
  const scoped = body.customerId === undefined ? undefined : await scope.open(body.customerId);
  await scoped?.require('RETURN_RENTALS', M.mayNotReturn);
  const student = scoped?.row;
  const conditionIds = await conditionIdsOf(db, session.locationId, body);
  await requireReturnAddress(db, session.locationId);

  const now = deps.now();
  return db.transaction(async (tx) => {
    const ids = body.transItemIdWithConditionList.map((i) => i.transItemId);
    const rows = await lockRentals(tx, session.locationId, ids);
    const reach = await scope.reach(
      tx,
      rows.map((r) => r.studentId),
      'RETURN_RENTALS',
    );
    // A rental of a student the caller may not look up is answered as an unknown id.
    const locked = new Map(
      rows.filter((r) => reach.visible(r.studentId)).map((r) => [r.transItemId, r]),
    );
    const failed: FailedReturnItem[] = [];
    const accepted: { row: LockedRental; conditionId: number; conditionName: string }[] = [];
    body.transItemIdWithConditionList.forEach((item, index) => {
      const row = locked.get(item.transItemId);
      const reason = refusal(row, student?.id, reach.acting);
      if (reason || !row) {
        failed.push({
          transItemId: item.transItemId,
          serialItemRefNum: row?.serialItemRefNum ?? null,
          isbn: row?.isbn ?? null,
          reason: reason ?? M.unknownRental,
        });
      } else {
        const conditionId = conditionIds[index] ?? 0;
        accepted.push({ row, conditionId, conditionName: item.marketplaceCondition });
      }
    });
    if (accepted.length === 0) return { failed, successful: [] };

    const groups = [...new Map(accepted.map(({ row }) => [groupKey(row), row])).values()];
    const labelOf = await insertReturnLabels(tx, scope.session, groups, now);

    const changed = await markReturned(tx, {
      locationId: session.locationId,
      studentId: student?.id,
      accountId: session.accountId,
      at: now,
      items: accepted.map(({ row, conditionId }) => ({
        transItemId: row.transItemId,
        conditionId,
        labelId: labelOf(row).id,
      })),
    });
    // The rows are locked and were checked: anything else is a bug; undo it all.
    if (changed.length !== accepted.length)
      throw new Error('locked rentals changed under a return');

    const actor = { locationId: session.locationId, actorAccountId: session.accountId };
    const activity: StudentActivityEntry[] = accepted.map(({ row, conditionName }) => ({
      ...actor,
      studentId: row.studentId,
      action: 'RENTAL_RETURNED',
      details: {
        transItemId: row.transItemId,
        serialItemRefNum: row.serialItemRefNum,
        previousState: row.state,
        marketplaceCondition: conditionName,
        labelId: labelOf(row).id,
      },
    }));
    for (const row of groups) {
      const returned = accepted.filter((a) => groupKey(a.row) === groupKey(row));
      activity.push({
        ...actor,
        studentId: row.studentId,
        action: 'RETURN_LABEL_CREATED',
        details: {
          labelId: labelOf(row).id,
          serialItemLabel: row.serialItemLabel,
          transItemIds: returned.map((a) => a.row.transItemId),
        },
      });
    }
    await recordStudentActivity(tx, activity);

    return {
      failed,
      // In the order sent: the clerk's check order (docs/behaviour/flows.md).
      successful: accepted.map(({ row, conditionName }) => ({
        ...rentalItemOf(row),
        marketplaceConditionName: conditionName,
        reportUrl: labelUrl(labelOf(row).token),
      })),
    };
  });
}

/** One counter-return label per serialItemLabel (and student: a label names one). */
const groupKey = (r: { studentId: number; serialItemLabel: string | null }) =>
  `${r.studentId}\u0000${r.serialItemLabel ?? ''}`;

/** A label for each group (one of its rows given); answers the label of any returned row. */
async function insertReturnLabels(
  tx: Db,
  session: StudentScope['session'],
  groups: readonly LockedRental[],
  now: Date,
) {
  const labels = await insertLabels(
    tx,
    groups.map((row) => ({
      locationId: session.locationId,
      kind: 'RETURN' as const,
      token: newLabelToken(),
      studentId: row.studentId,
      serialItemLabel: row.serialItemLabel,
      createdBy: session.accountId,
      createdAt: now,
      expiresAt: labelExpiry(now),
    })),
  );
  const labelByGroup = new Map(labels.map((label) => [groupKey(label), label]));
  return (row: LockedRental) => {
    const label = labelByGroup.get(groupKey(row));
    if (!label) throw new Error('a returned rental has no label');
    return label;
  };
}

/** Each item's condition id, in order; 400 naming the first condition the store lacks. */
async function conditionIdsOf(db: Db, locationId: number, body: ReturnRequest): Promise<number[]> {
  const conditions = new Map((await storeConditions(db, locationId)).map((c) => [c.name, c.id]));
  return body.transItemIdWithConditionList.map((item, index) => {
    const id = conditions.get(item.marketplaceCondition);
    if (id !== undefined) return id;
    const field = `${LIST}.${index}.marketplaceCondition`;
    const message = M.unknownCondition(item.marketplaceCondition, [...conditions.keys()]);
    throw AppError.badRequest(`${field}: ${message}`, field);
  });
}

/** Why a rental cannot be returned now, or null when it can. */
function refusal(
  row: LockedRental | undefined,
  studentId: number | undefined,
  mayReturnFor: (studentId: number) => boolean,
): string | null {
  if (!row) return M.unknownRental;
  if (studentId !== undefined && row.studentId !== studentId) return M.otherStudent;
  if (!mayReturnFor(row.studentId)) return M.mayNotReturn;
  if (row.state === 'RETURNED') {
    return M.alreadyReturned(row.returnedAt && counterMoment(row.returnedAt), row.returnedByName);
  }
  return null;
}
