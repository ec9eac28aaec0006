import { and, asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { idInStore } from '../../../db/store-row.ts';
import { fundingUploadIssues, fundingUploads, userAccounts } from '../../../db/schema/index.ts';
import type { KeptRow, UploadIssue } from './upload-check.ts';

export type NewUploadRow = typeof fundingUploads.$inferInsert;
export type UploadRow = typeof fundingUploads.$inferSelect & {
  createdByName: string;
  appliedByName: string | null;
};

/** Rows per insert statement (a statement holds at most 65,535 parameters). */
const CHUNK = 1000;

/** Writes a checked file's report and its issues; answers its id. */
export async function insertUpload(
  db: Db,
  row: NewUploadRow,
  issues: readonly UploadIssue[],
): Promise<number> {
  const [inserted] = await db
    .insert(fundingUploads)
    .values(row)
    .returning({ id: fundingUploads.id });
  if (!inserted) throw new Error('the upload was not inserted');
  for (let i = 0; i < issues.length; i += CHUNK) {
    await db.insert(fundingUploadIssues).values(
      issues.slice(i, i + CHUNK).map((issue) => ({
        uploadId: inserted.id,
        rowNumber: issue.rowNumber,
        column: issue.column,
        value: issue.value,
        message: issue.message,
      })),
    );
  }
  return inserted.id;
}

const creator = alias(userAccounts, 'creator');
const applier = alias(userAccounts, 'applier');

function selectUploads(db: Db) {
  return db
    .select({
      upload: fundingUploads,
      createdByName: creator.name,
      appliedByName: applier.name,
    })
    .from(fundingUploads)
    .innerJoin(creator, eq(creator.id, fundingUploads.createdBy))
    .leftJoin(applier, eq(applier.id, fundingUploads.appliedBy));
}

/** One of the store's uploads (another store's is not found). */
export async function findUpload(
  db: Db,
  locationId: number,
  uploadId: number,
): Promise<UploadRow | undefined> {
  const [row] = await selectUploads(db).where(idInStore(fundingUploads, locationId, uploadId));
  return (
    row && { ...row.upload, createdByName: row.createdByName, appliedByName: row.appliedByName }
  );
}

/** A source's uploads, newest first. */
export async function sourceUploads(db: Db, sourceId: number, limit: number): Promise<UploadRow[]> {
  const rows = await selectUploads(db)
    .where(eq(fundingUploads.sourceId, sourceId))
    .orderBy(desc(fundingUploads.createdAt), desc(fundingUploads.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.upload,
    createdByName: r.createdByName,
    appliedByName: r.appliedByName,
  }));
}

/** One page of an upload's issues in file order, and how many there are. */
export async function uploadIssuesPage(
  db: Db,
  uploadId: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; issues: Omit<UploadIssue, 'reason'>[] }> {
  const [counted] = await db
    .select({ total: count() })
    .from(fundingUploadIssues)
    .where(eq(fundingUploadIssues.uploadId, uploadId));
  const issues = await db
    .select({
      rowNumber: fundingUploadIssues.rowNumber,
      column: fundingUploadIssues.column,
      value: fundingUploadIssues.value,
      message: fundingUploadIssues.message,
    })
    .from(fundingUploadIssues)
    .where(eq(fundingUploadIssues.uploadId, uploadId))
    .orderBy(asc(fundingUploadIssues.rowNumber), asc(fundingUploadIssues.column))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: counted?.total ?? 0, issues };
}

/**
 * Marks a checked upload applied, only if it is still CHECKED: of two applies of one file,
 * one changes it. Answers whether this one did.
 */
export async function markUploadApplied(
  db: Db,
  uploadId: number,
  appliedBy: number,
  appliedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(fundingUploads)
    .set({ status: 'APPLIED', appliedBy, appliedAt })
    .where(and(eq(fundingUploads.id, uploadId), eq(fundingUploads.status, 'CHECKED')))
    .returning({ id: fundingUploads.id });
  return rows.length === 1;
}

/** The rows kept at the check, as stored. */
export function keptRowsOf(upload: UploadRow): KeptRow[] {
  return Array.isArray(upload.validRows) ? (upload.validRows as KeptRow[]) : [];
}
