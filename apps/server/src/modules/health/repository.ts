import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from '../../db/client.ts';

/** The `when` of the newest migration this build ships (drizzle records it as created_at). */
function newestShippedMigration(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

const NEWEST_SHIPPED = newestShippedMigration();

/**
 * One round trip: the database answers, and its newest applied migration is at least the
 * newest this build ships. Throws when the database cannot be reached.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string | number | null }[] };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= NEWEST_SHIPPED;
}
