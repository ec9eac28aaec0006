import { integer, type AnyPgColumn, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** Every table's key: an identity the database numbers. */
export const identityId = () => integer().primaryKey().generatedByDefaultAsIdentity();

/**
 * A required link to another table's id (e.g. every tenant row's `locationId`). Each call makes
 * a fresh column, as drizzle needs.
 */
export const reference = (target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer().notNull().references(target, actions);
