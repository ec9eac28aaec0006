import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { marketplaceConditions, rentals, titles } from './schema/index.ts';

/**
 * The base every list of rentals starts from (the student's rental lists and history, a
 * label's items): rentals with their titles. Written once so a rental names its title the
 * same way wherever it is listed; the students and print modules both list rentals.
 */

/** How a rental names its title: the ISBN (EAN-13) and the title's description. */
export const rentalTitleColumns = { isbn: titles.ean13, title: titles.description };

/** `columns` of rentals joined with their titles. */
export function selectRentalsWithTitles<T extends SelectedFields>(db: Db, columns: T) {
  return db.select(columns).from(rentals).innerJoin(titles, eq(titles.id, rentals.titleId));
}

/**
 * Left-joins `marketplaceConditions` to the condition a rental was returned in (none while it
 * is out). A join of its own: drizzle cannot chain a join onto a builder of generic columns.
 */
export const returnConditionOfRental = eq(marketplaceConditions.id, rentals.marketplaceConditionId);
