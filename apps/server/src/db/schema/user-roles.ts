import { sql } from 'drizzle-orm';
import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference } from './columns.ts';
import { tenantKey, accountLink, creationStamp } from './tenant-columns.ts';
import { roles, userAccounts } from './accounts.ts';
import { courses, departments, divisions, sections } from './catalog.ts';

// Its own file: it references both accounts and the catalog, and the catalog references accounts
// (professors), so keeping it in accounts.ts would make the two schema files import each other.

/**
 * A role held by an account, store-wide when every scope column is null, otherwise limited to
 * one catalog item (the most specific non-null column wins: section, course, department, division).
 */
export const userRoles = pgTable(
  'user_roles',
  {
    ...tenantKey(),
    accountId: reference(() => userAccounts.id, { onDelete: 'cascade' }),
    roleId: reference(() => roles.id),
    divisionId: integer().references(() => divisions.id),
    departmentId: integer().references(() => departments.id),
    courseId: integer().references(() => courses.id),
    sectionId: integer().references(() => sections.id),
    ...creationStamp(accountLink()),
  },
  (t) => [
    index('user_roles_account_idx').on(t.accountId),
    uniqueIndex('user_roles_scope_uq').on(
      t.accountId,
      t.roleId,
      sql`coalesce(${t.divisionId}, 0)`,
      sql`coalesce(${t.departmentId}, 0)`,
      sql`coalesce(${t.courseId}, 0)`,
      sql`coalesce(${t.sectionId}, 0)`,
    ),
  ],
);
