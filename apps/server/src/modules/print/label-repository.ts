import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import {
  locations,
  marketplaceConditions,
  rentalLabels,
  rentals,
  students,
  userAccounts,
} from '../../db/schema/index.ts';
import {
  rentalTitleColumns,
  returnConditionOfRental,
  selectRentalsWithTitles,
} from '../../db/rental-rows.ts';

export type LabelRow = typeof rentalLabels.$inferSelect;
type NewLabel = typeof rentalLabels.$inferInsert;

/** Inserts counter-return labels; answers them in the order given. */
export async function insertLabels(db: Db, rows: readonly NewLabel[]): Promise<LabelRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(rentalLabels)
    .values([...rows])
    .returning();
  const byToken = new Map(inserted.map((r) => [r.token, r]));
  return rows.map((r) => {
    const row = byToken.get(r.token);
    if (!row) throw new Error('label insert returned no row');
    return row;
  });
}

/**
 * Inserts a label unless its token or tracking number is taken (both are unique): undefined
 * then, and the caller draws new ones. ON CONFLICT keeps the transaction usable, where a
 * unique violation would abort it.
 */
export async function insertLabelUnlessTaken(db: Db, row: NewLabel): Promise<LabelRow | undefined> {
  const [inserted] = await db.insert(rentalLabels).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function labelById(db: Db, id: number): Promise<LabelRow | undefined> {
  const [row] = await db.select().from(rentalLabels).where(eq(rentalLabels.id, id));
  return row;
}

// A label's URL is opened by the printer on every print: its statements are prepared once per
// handle (db/prepared-query.ts).
const byToken = preparedQuery('csp_label_by_token', (db) =>
  db
    .select()
    .from(rentalLabels)
    .where(eq(rentalLabels.token, sql.placeholder('token'))),
);

export async function labelByToken(db: Db, token: string): Promise<LabelRow | undefined> {
  const [row] = await byToken(db).execute({ token });
  return row;
}

/** Keeps a label's URL alive for another period (it is printed again). */
export async function renewLabel(db: Db, id: number, expiresAt: Date): Promise<void> {
  await db.update(rentalLabels).set({ expiresAt }).where(eq(rentalLabels.id, id));
}

/** What a label lists about each of its items. */
export interface LabelItemRow {
  transItemId: number;
  serialItemRefNum: string;
  isbn: string;
  title: string;
  conditionName: string | null;
  returnedAt: Date | null;
}

const itemsQuery = (kind: LabelRow['kind'], link: PgColumn) =>
  preparedQuery(`csp_label_items_${kind.toLowerCase()}`, (db) =>
    selectRentalsWithTitles(db, {
      transItemId: rentals.id,
      serialItemRefNum: rentals.serialItemRefNum,
      ...rentalTitleColumns,
      conditionName: marketplaceConditions.name,
      returnedAt: rentals.returnedAt,
    })
      .leftJoin(marketplaceConditions, returnConditionOfRental)
      .where(eq(link, sql.placeholder('labelId')))
      .orderBy(asc(rentals.serialItemRefNum), asc(rentals.id)),
  );
const ITEMS = {
  SHIPMENT: itemsQuery('SHIPMENT', rentals.shipmentLabelId),
  RETURN: itemsQuery('RETURN', rentals.returnLabelId),
};

/** The rentals a label covers: the parcel's items (SHIPMENT) or the items returned (RETURN). */
export async function labelItems(db: Db, label: LabelRow): Promise<LabelItemRow[]> {
  return ITEMS[label.kind](db).execute({ labelId: label.id });
}

/** The ids of the rentals travelling under a shipping label. */
export async function shipmentItemIds(db: Db, labelId: number): Promise<number[]> {
  const rows = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(eq(rentals.shipmentLabelId, labelId))
    .orderBy(asc(rentals.id));
  return rows.map((r) => r.id);
}

/** The display name of an account (who printed or returned), if it still exists. */
export async function accountName(db: Db, accountId: number | null): Promise<string | null> {
  if (accountId === null) return null;
  const [row] = await db
    .select({ name: userAccounts.name })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId));
  return row?.name ?? null;
}

/** The store's name and return address (the ship-to of its labels). */
export interface StoreAddressRow {
  storeName: string;
  name: string | null;
  streetOne: string | null;
  streetTwo: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
}

const returnAddress = preparedQuery('csp_label_store_address', (db) =>
  db
    .select({
      storeName: locations.name,
      name: locations.returnAddressName,
      streetOne: locations.returnStreetOne,
      streetTwo: locations.returnStreetTwo,
      city: locations.returnCity,
      state: locations.returnState,
      postalCode: locations.returnPostalCode,
      phone: locations.returnPhone,
    })
    .from(locations)
    .where(eq(locations.id, sql.placeholder('locationId'))),
);

export async function storeReturnAddress(
  db: Db,
  locationId: number,
): Promise<StoreAddressRow | undefined> {
  const [row] = await returnAddress(db).execute({ locationId });
  return row;
}

const labelStudent = preparedQuery('csp_label_student', (db) =>
  db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      studentIdNum: students.studentIdNum,
      streetOne: students.streetOne,
      city: students.city,
      state: students.state,
      postalCode: students.postalCode,
    })
    .from(students)
    .where(
      and(
        eq(students.id, sql.placeholder('studentId')),
        eq(students.locationId, sql.placeholder('locationId')),
      ),
    ),
);

/** What a label prints about its student (undefined once the student is gone). */
export async function labelStudentRow(db: Db, label: LabelRow) {
  const [row] = await labelStudent(db).execute({
    studentId: label.studentId,
    locationId: label.locationId,
  });
  return row;
}
