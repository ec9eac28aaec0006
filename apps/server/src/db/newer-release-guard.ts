import { readMigrationFiles } from 'drizzle-orm/migrator';

/** Runs one statement of no parameters and answers its rows (pg client or PGlite). */
export type RowsQuery = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/** A database a newer release migrated: this release does not know its schema. */
export class NewerReleaseDatabaseError extends Error {
  constructor(applied: number, known: number, unknown: number) {
    const detail =
      applied > known
        ? `${applied} migrations; this release knows ${known}`
        : `${applied} migrations, ${unknown} of them not this release's; this release knows ${known}`;
    super(
      `This database was upgraded by a newer release of the portal (${detail}). ` +
        'Run the newer release, or restore a backup made before the upgrade.',
    );
    this.name = 'NewerReleaseDatabaseError';
  }
}

/**
 * Migrations are forward-only (src/db/migrations/README.md): a release cannot undo what a newer
 * one applied, and drizzle's migrator would start on such a database without a word (it applies
 * what is newer than the last applied entry: nothing). So before migrating, a database whose
 * bookkeeping lists a migration this release does not ship (known by its journal timestamp, as
 * drizzle knows it), or more migrations than it ships, is refused. A hash that differs for a
 * known timestamp is left alone: it comes from a migration edited before its release, in
 * development.
 */
export async function refuseNewerReleaseDatabase(
  query: RowsQuery,
  migrationsFolder: string,
): Promise<void> {
  const [table] = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!table?.['present']) return;
  const applied = await query('select created_at from drizzle.__drizzle_migrations');
  const shipped = readMigrationFiles({ migrationsFolder });
  const known = new Set(shipped.map((migration) => migration.folderMillis));
  const unknown = applied.filter((row) => !known.has(Number(row['created_at']))).length;
  if (unknown > 0 || applied.length > shipped.length) {
    throw new NewerReleaseDatabaseError(applied.length, shipped.length, unknown);
  }
}
