import {
  integer,
  jsonb,
  timestamp,
  type AnyPgColumn,
  type ReferenceConfig,
} from 'drizzle-orm/pg-core';

/** Every table's key: an identity the database numbers. */
export const identityId = () => integer().primaryKey().generatedByDefaultAsIdentity();

/**
 * A required link to another table's id (e.g. every tenant row's `locationId`). Each call makes
 * a fresh column, as drizzle needs.
 */
export const reference = (target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer().notNull().references(target, actions);

/** A point in time: every time in the schema keeps its zone, so stores in any zone agree. */
export const instant = () => timestamp({ withTimezone: true });

/** When the row was written (or last changed), filled in by the database when left out. */
export const defaultsToNow = () => instant().notNull().defaultNow();

/** A log entry's free-form particulars (before/after, what was sent); `{}` when there are none. */
export const jsonDetails = () => jsonb().notNull().default({});
