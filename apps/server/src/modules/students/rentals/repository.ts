import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  marketplaceConditions,
  orders,
  rentalLabels,
  rentals,
  titles,
  userAccounts,
} from '../../../db/schema/index.ts';
import { rentalTitleColumns, selectRentalsWithTitles } from '../../../db/rental-rows.ts';

/** A rental as the lists show it, with the title's ISBN, description and author. */
export interface RentalListRow {
  transItemId: number;
  orderId: number;
  isbn: string;
  title: string;
  author: string;
  serialItemRefNum: string;
  serialItemLabel: string;
  dueDate: string;
  trackingNumber: string | null;
}

/** An in-transit rental, with the shipping label it travels under when the portal printed one. */
export interface TransitRow extends RentalListRow {
  labelToken: string | null;
  labelExpiresAt: Date | null;
}

/** The columns of a RentalListRow (the write side locks rows with these too). */
export const rentalListColumns = {
  transItemId: rentals.id,
  orderId: rentals.orderId,
  ...rentalTitleColumns,
  author: titles.author,
  serialItemRefNum: rentals.serialItemRefNum,
  serialItemLabel: rentals.serialItemLabel,
  dueDate: rentals.dueDate,
  trackingNumber: rentals.trackingNumber,
};

/** The student's rentals still out and not on their way back (no tracking number), by due date. */
export async function outstandingRentals(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<RentalListRow[]> {
  return selectRentalsWithTitles(db, rentalListColumns)
    .where(
      and(
        eq(rentals.studentId, studentId),
        eq(rentals.locationId, locationId),
        eq(rentals.state, 'OUTSTANDING'),
        isNull(rentals.trackingNumber),
      ),
    )
    .orderBy(asc(rentals.dueDate), asc(rentals.serialItemRefNum), asc(rentals.id));
}

/**
 * The student's rentals on their way back: IN_TRANSIT, or still OUTSTANDING but with a
 * tracking number (a parcel announced by the carrier before the store marked it; the seed has
 * such rows). Newest order first, so the parcel just labelled is at the top.
 */
export async function inTransitRentals(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<TransitRow[]> {
  return selectRentalsWithTitles(db, {
    ...rentalListColumns,
    labelToken: rentalLabels.token,
    labelExpiresAt: rentalLabels.expiresAt,
  })
    .innerJoin(orders, eq(orders.id, rentals.orderId))
    .leftJoin(rentalLabels, eq(rentalLabels.id, rentals.shipmentLabelId))
    .where(
      and(
        eq(rentals.studentId, studentId),
        eq(rentals.locationId, locationId),
        or(
          eq(rentals.state, 'IN_TRANSIT'),
          and(eq(rentals.state, 'OUTSTANDING'), isNotNull(rentals.trackingNumber)),
        ),
      ),
    )
    .orderBy(
      desc(orders.createdAt),
      desc(orders.id),
      asc(rentals.dueDate),
      asc(rentals.serialItemRefNum),
      asc(rentals.id),
    );
}

export interface MarketplaceConditionRow {
  id: number;
  name: string;
}

/**
 * The store's return conditions, best first (their sort order): what getMarketplaceConditions
 * lists and the only names a return accepts (docs/behaviour/entities.md: conditions are keyed by name).
 */
export async function storeConditions(
  db: Db,
  locationId: number,
): Promise<MarketplaceConditionRow[]> {
  return db
    .select({ id: marketplaceConditions.id, name: marketplaceConditions.name })
    .from(marketplaceConditions)
    .where(eq(marketplaceConditions.locationId, locationId))
    .orderBy(asc(marketplaceConditions.sortOrder), asc(marketplaceConditions.id));
}

/** A rental row locked for the rest of the transaction, with what a failure reason names. */
export interface LockedRental extends RentalListRow {
  studentId: number;
  state: 'OUTSTANDING' | 'IN_TRANSIT' | 'RETURNED';
  shipmentLabelId: number | null;
  returnedAt: Date | null;
  returnedByName: string | null;
}

/**
 * The store's rentals among `ids`, locked FOR UPDATE in id order until the transaction ends.
 * Locking in one order means two clerks returning overlapping items (checked in different
 * orders) wait for each other instead of deadlocking; the second then reads the rows as the
 * first left them. Ids of other stores simply do not come back.
 *
 * Who returned a row is read after the lock, not joined into it: a row that waited for the
 * lock is re-read by PostgreSQL with the joined rows it first found, so a join would still
 * see "returned by nobody" for the row a concurrent return just changed.
 */
export async function lockRentals(
  db: Db,
  locationId: number,
  ids: readonly number[],
): Promise<LockedRental[]> {
  const rows = await selectRentalsWithTitles(db, {
    ...rentalListColumns,
    studentId: rentals.studentId,
    state: rentals.state,
    shipmentLabelId: rentals.shipmentLabelId,
    returnedAt: rentals.returnedAt,
    returnedBy: rentals.returnedBy,
  })
    .where(and(eq(rentals.locationId, locationId), inArray(rentals.id, [...ids])))
    .orderBy(asc(rentals.id))
    .for('update', { of: rentals });
  const accountIds = [
    ...new Set(rows.flatMap((r) => (r.returnedBy === null ? [] : [r.returnedBy]))),
  ];
  const names = new Map(
    accountIds.length === 0
      ? []
      : (
          await db
            .select({ id: userAccounts.id, name: userAccounts.name })
            .from(userAccounts)
            .where(inArray(userAccounts.id, accountIds))
        ).map((a) => [a.id, a.name]),
  );
  return rows.map(({ returnedBy, ...row }) => ({
    ...row,
    returnedByName: returnedBy === null ? null : (names.get(returnedBy) ?? null),
  }));
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
