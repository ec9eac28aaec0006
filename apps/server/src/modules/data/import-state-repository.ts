import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/bulk-write.ts';
import { dataImportIssues, dataImports } from '../../db/schema/index.ts';
import { fileColumnsWithoutSamples } from './import-repository.ts';

/**
 * APPLYING -> VALIDATING, its issues cleared, only if it is APPLYING now: the apply found the
 * store changed since the check (and kept nothing), so the file is checked again before anyone
 * can apply it. Whether it was.
 */
export async function recheckAfterApply(
  db: Db,
  importId: number,
): Promise<'rechecking' | 'applied' | 'other'> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(dataImports)
      .set({ status: 'VALIDATING', progressDone: 0, progressTotal: null, errorMessage: null })
      .where(and(eq(dataImports.id, importId), eq(dataImports.status, 'APPLYING')))
      .returning({ id: dataImports.id });
    if (rows.length === 0) {
      // Another apply of it committed first (its file is done with), or a starting server put
      // it back to VALIDATED (its file is still needed).
      const [now] = await tx
        .select({ status: dataImports.status })
        .from(dataImports)
        .where(eq(dataImports.id, importId));
      return now?.status === 'APPLIED' ? 'applied' : 'other';
    }
    await tx.delete(dataImportIssues).where(eq(dataImportIssues.importId, importId));
    return 'rechecking';
  });
}

/**
 * VALIDATED (or NEEDS_MAPPING) -> EXPIRED for uploads made before `cutoff` and never applied:
 * their files are answered to be removed, their sample values dropped (the row stays, so the
 * list still says what became of them).
 */
export async function expireUnappliedImports(
  db: Db,
  cutoff: Date,
  errorMessage: string,
): Promise<string[]> {
  const rows = await queryRows<{ storedPath: string }>(
    db,
    sql`with due as (
        select id, stored_path from data_imports
        where status in ('VALIDATED', 'NEEDS_MAPPING') and stored_path is not null
          and created_at < ${cutoff.toISOString()}::timestamptz
        for update)
      update data_imports set status = 'EXPIRED', stored_path = null,
        error_message = ${errorMessage}, file_columns = ${fileColumnsWithoutSamples}
      from due where data_imports.id = due.id
      returning due.stored_path as "storedPath"`,
  );
  return rows.map((r) => r.storedPath);
}
