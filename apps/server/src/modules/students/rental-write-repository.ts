import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rentals, titles, userAccounts } from '../../db/schema/index.ts';

/** A rental row locked for the rest of the transaction, with what a failure reason names. */
export interface LockedRental {
  transItemId: number;
  studentId: number;
  orderId: number;
  state: 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED';
  isbn: string;
  title: string;
  author: string;
  serialItemRefNum: string;
  serialItemLabel: string;
  dueDate: string;
  trackingNumber: string | null;
  shipmentLabelId: number | null;
  returnedAt: Date | null;
  returnedByName: string | null;
}

/**
 * The store's rentals among `ids`, locked FOR UPDATE in id order until the transaction ends.
 * Locking in one order means two clerks returning overlapping items (checked in different
 * orders) wait for each other instead of deadlocking; the second then reads the rows as the
 * first left them. Ids of other stores simply do not come back.
 */
export async function lockRentals(
  db: Db,
  locationId: number,
  ids: readonly number[],
): Promise<LockedRental[]> {
  return db
    .select({
      transItemId: rentals.id,
      studentId: rentals.studentId,
      orderId: rentals.orderId,
      state: rentals.state,
      isbn: titles.ean13,
      title: titles.description,
      author: titles.author,
      serialItemRefNum: rentals.serialItemRefNum,
      serialItemLabel: rentals.serialItemLabel,
      dueDate: rentals.dueDate,
      trackingNumber: rentals.trackingNumber,
      shipmentLabelId: rentals.shipmentLabelId,
      returnedAt: rentals.returnedAt,
      returnedByName: userAccounts.name,
    })
    .from(rentals)
    .innerJoin(titles, eq(titles.id, rentals.titleId))
    .leftJoin(userAccounts, eq(userAccounts.id, rentals.returnedBy))
    .where(and(eq(rentals.locationId, locationId), inArray(rentals.id, [...ids])))
    .orderBy(asc(rentals.id))
    .for('update', { of: rentals });
}

/** `case id when … then … end`: one value per row in a single UPDATE. */
function perRow(pairs: readonly (readonly [number, number])[]): SQL<number> {
  const whens = pairs.map(([id, value]) => sql`when ${id} then ${value}::integer`);
  return sql<number>`case ${rentals.id} ${sql.join(whens, sql` `)} end`;
}

export interface ReturnWrite {
  transItemId: number;
  conditionId: number;
  labelId: number;
}

/**
 * Marks rentals returned, each with its condition and counter-return label. Conditional: only
 * rows still OUTSTANDING or IN_TRANSIT (and of `studentId` when given) change, so a return
 * that lost a race changes nothing. Answers the ids that changed.
 */
export async function markReturned(
  db: Db,
  input: {
    locationId: number;
    studentId: number | undefined;
    accountId: number;
    at: Date;
    items: readonly ReturnWrite[];
  },
): Promise<number[]> {
  if (input.items.length === 0) return [];
  const rows = await db
    .update(rentals)
    .set({
      state: 'RETURNED',
      returnedAt: input.at,
      returnedBy: input.accountId,
      marketplaceConditionId: perRow(input.items.map((i) => [i.transItemId, i.conditionId])),
      returnLabelId: perRow(input.items.map((i) => [i.transItemId, i.labelId])),
    })
    .where(
      and(
        eq(rentals.locationId, input.locationId),
        inArray(
          rentals.id,
          input.items.map((i) => i.transItemId),
        ),
        inArray(rentals.state, ['OUTSTANDING', 'IN_TRANSIT']),
        input.studentId === undefined ? undefined : eq(rentals.studentId, input.studentId),
      ),
    )
    .returning({ id: rentals.id });
  return rows.map((r) => r.id);
}

/**
 * Puts outstanding rentals on a return shipment. Conditional: only rows of the student still
 * OUTSTANDING without a tracking number change. Answers the ids that changed.
 */
export async function markShipped(
  db: Db,
  input: {
    locationId: number;
    studentId: number;
    ids: readonly number[];
    trackingNumber: string;
    labelId: number;
  },
): Promise<number[]> {
  const rows = await db
    .update(rentals)
    .set({
      state: 'IN_TRANSIT',
      trackingNumber: input.trackingNumber,
      shipmentLabelId: input.labelId,
    })
    .where(
      and(
        eq(rentals.locationId, input.locationId),
        eq(rentals.studentId, input.studentId),
        inArray(rentals.id, [...input.ids]),
        eq(rentals.state, 'OUTSTANDING'),
        isNull(rentals.trackingNumber),
      ),
    )
    .returning({ id: rentals.id });
  return rows.map((r) => r.id);
}
