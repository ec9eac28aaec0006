import { storeRowFinder } from '../../../db/store-row.ts';
import { students } from '../../../db/schema/index.ts';

export type StudentRow = typeof students.$inferSelect;

/** A student of the store, or undefined (another store's student answers undefined too). */
export const findStudent = storeRowFinder(students);
