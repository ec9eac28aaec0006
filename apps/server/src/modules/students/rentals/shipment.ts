import { randomInt } from 'node:crypto';
import type { ShippingLabelDocument } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { recordStudentActivity } from '../activity-repository.ts';
import {
  insertLabelUnlessTaken,
  labelById,
  renewLabel,
  shipmentItemIds,
  type LabelRow,
} from '../../print/index.ts';
import { labelExpiry, newLabelToken, type LabelUrl } from '../../print/index.ts';
import { requireReturnAddress } from '../../print/index.ts';
import { counterMoment } from '../../print/index.ts';
import { RENTAL_MESSAGES as M } from './messages.ts';
import { lockRentals, markShipped, type LockedRental } from './repository.ts';
import type { StudentScope } from '../access/student-access.ts';

/** Carrier-style tracking numbers, as the demo seed makes them: '1Z' and 16 of these. */
const TRACKING_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function newTrackingNumber(): string {
  let text = '1Z';
  for (let i = 0; i < 16; i++) text += TRACKING_CHARS[randomInt(TRACKING_CHARS.length)];
  return text;
}

export interface ShipmentRequest {
  customerId: number;
  transItemIdList: number[];
}

/**
 * docs/behaviour/flows.md#print-shipping-label-flow: one return shipment (one parcel, one tracking number) for the
 * student's outstanding items; they leave the outstanding list and show in transit. The same
 * items asked for again (a double click, a retry, two tabs) answer the label they are already
 * on. The rows are locked first, so of two calls at once the second sees the first's label.
 */
export async function printShippingLabel(
  deps: { db: Db; now: () => Date },
  scope: StudentScope,
  body: ShipmentRequest,
  labelUrl: LabelUrl,
): Promise<ShippingLabelDocument[]> {
  const { db } = deps;
  const { session } = scope;
  const scoped = await scope.open(body.customerId);
  await scoped.require('RETURN_RENTALS', M.mayNotReturn);
  const student = scoped.row;
  await requireReturnAddress(db, session.locationId);
  const now = deps.now();

  return db.transaction(async (tx) => {
    const rows = await lockRentals(tx, session.locationId, body.transItemIdList);
    const reach = await scope.reach(
      tx,
      rows.map((r) => r.studentId),
      'RETURN_RENTALS',
    );
    // A rental of a student the caller may not look up is answered as an unknown id.
    const byId = new Map(
      rows.filter((r) => reach.visible(r.studentId)).map((r) => [r.transItemId, r]),
    );

    const existing = await sameShipment(tx, body.transItemIdList, byId, student.id);
    if (existing) {
      if (existing.expiresAt <= now) await renewLabel(tx, existing.id, labelExpiry(now));
      return [await documentOf(tx, existing, labelUrl)];
    }

    const problems = body.transItemIdList.flatMap((id) => {
      const reason = notShippable(byId.get(id), student.id);
      return reason ? [`${byId.get(id)?.serialItemRefNum ?? id} (${reason})`] : [];
    });
    if (problems.length > 0) {
      throw AppError.badRequest(`transItemIdList: ${problems.join('; ')}`, 'transItemIdList');
    }

    const label = await newShipmentLabel(tx, session, student.id, now);
    const trackingNumber = label.trackingNumber ?? '';
    const changed = await markShipped(tx, {
      locationId: session.locationId,
      studentId: student.id,
      ids: body.transItemIdList,
      trackingNumber,
      labelId: label.id,
    });
    // The rows are locked and were checked: anything else is a bug; undo it all.
    if (changed.length !== body.transItemIdList.length) {
      throw new Error('locked rentals changed under a shipment');
    }
    await recordStudentActivity(tx, [
      {
        locationId: session.locationId,
        studentId: student.id,
        actorAccountId: session.accountId,
        action: 'SHIPPING_LABEL_CREATED',
        details: { labelId: label.id, trackingNumber, transItemIds: body.transItemIdList },
      },
    ]);
    return [
      {
        reportUrl: labelUrl(label.token),
        trackingNumber,
        transItemIdList: [...body.transItemIdList].sort((a, b) => a - b),
      },
    ];
  });
}

/** The shipping label every requested item of the student is already on, if there is one. */
async function sameShipment(
  db: Db,
  ids: readonly number[],
  byId: ReadonlyMap<number, LockedRental>,
  studentId: number,
): Promise<LabelRow | undefined> {
  const labelIds = new Set(ids.map((id) => byId.get(id)?.shipmentLabelId ?? null));
  const [labelId] = labelIds;
  if (labelIds.size !== 1 || labelId === null || labelId === undefined) return undefined;
  if (ids.some((id) => byId.get(id)?.studentId !== studentId)) return undefined;
  const label = await labelById(db, labelId);
  return label?.kind === 'SHIPMENT' ? label : undefined;
}

/** Why an item cannot go on a new shipping label, or null when it can. */
function notShippable(row: LockedRental | undefined, studentId: number): string | null {
  if (!row) return M.unknownRental;
  if (row.studentId !== studentId) return M.otherStudent;
  if (row.state === 'RETURNED') {
    return M.alreadyReturned(row.returnedAt && counterMoment(row.returnedAt), row.returnedByName);
  }
  if (row.state === 'IN_TRANSIT' || row.trackingNumber !== null) {
    return M.alreadyShipped(row.trackingNumber);
  }
  return null;
}

/** A new SHIPMENT label with a tracking number no other label has. */
async function newShipmentLabel(
  db: Db,
  session: Session,
  studentId: number,
  now: Date,
): Promise<LabelRow> {
  // A clash of 34^16 random numbers is not expected; drawing again costs nothing if it happens.
  for (let attempt = 0; attempt < 5; attempt++) {
    const label = await insertLabelUnlessTaken(db, {
      locationId: session.locationId,
      kind: 'SHIPMENT',
      token: newLabelToken(),
      studentId,
      trackingNumber: newTrackingNumber(),
      createdBy: session.accountId,
      createdAt: now,
      expiresAt: labelExpiry(now),
    });
    if (label) return label;
  }
  throw new Error('no free tracking number after 5 draws');
}

async function documentOf(
  db: Db,
  label: LabelRow,
  labelUrl: LabelUrl,
): Promise<ShippingLabelDocument> {
  return {
    reportUrl: labelUrl(label.token),
    trackingNumber: label.trackingNumber ?? '',
    transItemIdList: await shipmentItemIds(db, label.id),
  };
}
