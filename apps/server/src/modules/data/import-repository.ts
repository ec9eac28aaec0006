import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DataFeed, ImportStatus } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { idInStore } from '../../db/store-row.ts';
import { insertRows, queryRows } from '../../db/bulk-write.ts';
import { dataImportIssues, dataImports, divisions, userAccounts } from '../../db/schema/index.ts';
import { DATA_MESSAGES as M } from './data-messages.ts';
import type { RecordedIssue } from './checks/issue-recorder.ts';

/** States in which an import may still be mapped, checked or applied. */
const STILL_OPEN = new Set<ImportStatus>(['VALIDATING', 'VALIDATED', 'APPLYING', 'NEEDS_MAPPING']);

/**
 * The file's headers without their sample values (students' names and addresses, maybe):
 * kept only while the import may still be mapped, like the file itself (ADR 0034).
 */
export const fileColumnsWithoutSamples = sql`(select jsonb_agg(jsonb_build_object(
    'header', c.value -> 'header', 'samples', '[]'::jsonb) order by c.ordinality)
  from jsonb_array_elements(data_imports.file_columns) with ordinality c)`;

/** An import row with the names a summary shows. */
export type ImportRow = typeof dataImports.$inferSelect & {
  divisionName: string | null;
  createdByName: string;
};

const summaryColumns = {
  row: dataImports,
  divisionName: divisions.name,
  createdByName: userAccounts.name,
};

function selectImports(db: Db) {
  return db
    .select(summaryColumns)
    .from(dataImports)
    .innerJoin(userAccounts, eq(userAccounts.id, dataImports.createdBy))
    .leftJoin(divisions, eq(divisions.id, dataImports.divisionId));
}

const flatten = (r: { row: typeof dataImports.$inferSelect; divisionName: string | null; createdByName: string }): ImportRow => ({
  ...r.row,
  divisionName: r.divisionName,
  createdByName: r.createdByName,
});

export async function insertImport(
  db: Db,
  values: typeof dataImports.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(dataImports).values(values).returning({ id: dataImports.id });
  if (!row) throw new Error('import not created');
  return row.id;
}

/** One import of the store, or undefined (another store's id included). */
export async function findImport(
  db: Db,
  locationId: number,
  importId: number,
): Promise<ImportRow | undefined> {
  const [row] = await selectImports(db).where(idInStore(dataImports, locationId, importId));
  return row && flatten(row);
}

/** The store's newest imports first. */
export async function listImports(db: Db, locationId: number, limit: number): Promise<ImportRow[]> {
  const rows = await selectImports(db)
    .where(eq(dataImports.locationId, locationId))
    .orderBy(desc(dataImports.createdAt), desc(dataImports.id))
    .limit(limit);
  return rows.map(flatten);
}

/**
 * The newest import of each feed, by the created-at index: whatever became of it, or (with
 * `appliedOnly`) the newest one applied, which is what the store's data of the feed is from.
 */
export async function latestImportOfEachFeed(
  db: Db,
  locationId: number,
  feeds: readonly DataFeed[],
  appliedOnly = false,
): Promise<Map<DataFeed, ImportRow>> {
  const latest = await queryRows<{ feed: DataFeed; id: number }>(
    db,
    sql`select f.feed, i.id
      from unnest(array[${sql.join(
        feeds.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]) as f(feed)
      cross join lateral (select d.id from data_imports d
        where d.location_id = ${locationId} and f.feed = any (d.feeds)
          ${appliedOnly ? sql`and d.status = 'APPLIED'` : sql``}
        order by ${appliedOnly ? sql`d.applied_at desc,` : sql``} d.created_at desc, d.id desc
        limit 1) i`,
  );
  const ids = latest.map((r) => Number(r.id));
  const rows = ids.length
    ? (await selectImports(db).where(inArray(dataImports.id, ids))).map(flatten)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const answer = new Map<DataFeed, ImportRow>();
  for (const r of latest) {
    const row = byId.get(Number(r.id));
    if (row) answer.set(r.feed, row);
  }
  return answer;
}

/**
 * VALIDATED -> APPLYING, only if it is VALIDATED now: of two concurrent calls exactly one
 * wins (the row is updated once), so an import is never applied twice.
 */
export async function claimForApply(
  db: Db,
  locationId: number,
  importId: number,
): Promise<boolean> {
  const rows = await db
    .update(dataImports)
    .set({ status: 'APPLYING', progressDone: 0 })
    .where(
      and(
        idInStore(dataImports, locationId, importId),
        eq(dataImports.status, 'VALIDATED'),
      ),
    )
    .returning({ id: dataImports.id });
  return rows.length === 1;
}

export async function saveProgress(
  db: Db,
  importId: number,
  done: number,
  total: number | null,
): Promise<void> {
  await db
    .update(dataImports)
    .set({ progressDone: done, progressTotal: total })
    .where(eq(dataImports.id, importId));
}

/**
 * What an import's pass came to (any columns of the row); with `unlessStatus`, only while the
 * import is not in that state (an apply's end never overwrites an apply of the same import that
 * committed first). Whether it changed.
 */
export async function updateImport(
  db: Db,
  importId: number,
  patch: Partial<typeof dataImports.$inferInsert> & { status?: ImportStatus },
  unlessStatus?: ImportStatus,
): Promise<boolean> {
  const ended = patch.status !== undefined && !STILL_OPEN.has(patch.status);
  const changed = await db
    .update(dataImports)
    .set(ended ? { ...patch, fileColumns: fileColumnsWithoutSamples } : patch)
    .where(
      and(
        eq(dataImports.id, importId),
        unlessStatus === undefined ? undefined : ne(dataImports.status, unlessStatus),
      ),
    )
    .returning({ id: dataImports.id });
  return changed.length > 0;
}

export async function insertIssues(
  db: Db,
  importId: number,
  issues: readonly RecordedIssue[],
): Promise<void> {
  await insertRows(
    db,
    dataImportIssues,
    issues.map((i) => ({
      importId,
      rowNumber: i.rowNumber,
      column: i.column,
      value: i.value,
      message: i.message,
      warning: i.warning,
    })),
  );
}

/** A page of an import's kept issues by row number, and how many are kept. */
export async function listIssues(
  db: Db,
  importId: number,
  offset: number,
  limit: number,
): Promise<{ issues: (typeof dataImportIssues.$inferSelect)[]; total: number }> {
  const issues = await db
    .select()
    .from(dataImportIssues)
    .where(eq(dataImportIssues.importId, importId))
    .orderBy(asc(dataImportIssues.rowNumber), asc(dataImportIssues.id))
    .offset(offset)
    .limit(limit);
  const [row] = await db
    .select({ total: count() })
    .from(dataImportIssues)
    .where(eq(dataImportIssues.importId, importId));
  return { issues, total: Number(row?.total ?? 0) };
}

/**
 * APPLYING -> VALIDATED, saying why, only if it is APPLYING now: an apply that failed kept
 * nothing (one transaction), so the checked import can be applied again, its file kept. (An
 * apply another process finished meanwhile is APPLIED and stays so.)
 */
export async function releaseFailedApply(
  db: Db,
  importId: number,
  errorMessage: string,
): Promise<void> {
  await db
    .update(dataImports)
    .set({ status: 'VALIDATED', errorMessage, progressDone: 0, progressTotal: null })
    .where(and(eq(dataImports.id, importId), eq(dataImports.status, 'APPLYING')));
}

/**
 * Imports a server was checking or applying when it stopped. A check can never finish: FAILED,
 * its file answered to be removed. An apply was one transaction, so nothing of it was kept:
 * VALIDATED again, its file kept, to be applied again.
 */
export async function releaseInterruptedImports(db: Db): Promise<string[]> {
  const rows = await queryRows<{ storedPath: string | null; status: string }>(
    db,
    sql`with stopped as (
        select id, status, stored_path from data_imports
        where status in ('VALIDATING', 'APPLYING') for update)
      update data_imports d set
        error_message = case stopped.status
          when 'APPLYING' then ${M.interruptedApply} else ${M.interruptedCheck} end,
        status = case stopped.status when 'APPLYING' then 'VALIDATED' else 'FAILED' end,
        stored_path = case stopped.status when 'APPLYING' then stopped.stored_path end,
        progress_done = 0, progress_total = null
      from stopped where d.id = stopped.id
      returning stopped.stored_path as "storedPath", stopped.status`,
  );
  return rows.flatMap((r) => (r.storedPath && r.status === 'VALIDATING' ? [r.storedPath] : []));
}

/**
 * Applies of one store wait for each other (PostgreSQL; PGlite runs one transaction at a
 * time anyway): two imports upserting the same sections could otherwise deadlock.
 */
export async function lockStoreImports(tx: Db, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('csp:data-import'), ${locationId})`);
}
