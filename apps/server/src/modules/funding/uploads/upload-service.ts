import { FUNDING_MESSAGES as M, formatMoney, type AllowanceUpload } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { findSource } from '../sources/source-repository.ts';
import { checkAllowanceFile, type UploadCheck } from './upload-check.ts';
import {
  AllowanceFileError,
  readAllowanceFile,
  type AllowanceFileType,
} from './upload-file-rows.ts';
import { findUpload, insertUpload } from './upload-repository.ts';
import { toUploadSummary } from './upload-summary.ts';

export interface UploadedFile {
  fileName: string;
  type: AllowanceFileType;
  /** The stored body (lib/uploads), or null when none was sent. */
  path: string | null;
  bytes: number;
}

/**
 * A file that cannot be read at all is reported, like a missing column: INVALID, nothing kept.
 * A file over a limit is refused (413 naming file, from readAllowanceFile): nothing is kept.
 */
async function checkFile(
  db: Db,
  source: Parameters<typeof checkAllowanceFile>[1],
  file: UploadedFile,
): Promise<UploadCheck> {
  if (file.path === null || file.bytes === 0) return checkAllowanceFile(db, source, []);
  try {
    return await checkAllowanceFile(db, source, await readAllowanceFile(file.path, file.type));
  } catch (error) {
    if (!(error instanceof AllowanceFileError)) throw error;
    const check = await checkAllowanceFile(db, source, []);
    return { ...check, errorMessage: error.message };
  }
}

/**
 * uploadAllowances: checks every row of the file against the source and the store, writing no
 * allowance and no ledger entry; keeps the report, the rejected rows and the rows to write on
 * apply, and records UPLOAD_CHECKED. 404 naming sourceId for a source not of the caller's store.
 */
export async function checkUpload(
  db: Db,
  session: Session,
  sourceId: number,
  file: UploadedFile,
  now: Date,
): Promise<AllowanceUpload> {
  const { locationId } = session;
  const source = await findSource(db, locationId, sourceId);
  if (!source) throw AppError.notFound(M.sourceNotFound, 'sourceId');
  const check = await checkFile(db, source, file);
  const rowsValid = check.validRows.length;
  const uploadId = await db.transaction(async (tx) => {
    const id = await insertUpload(
      tx,
      {
        locationId,
        sourceId,
        fileName: file.fileName,
        status: check.status,
        rowsRead: check.rowsRead,
        rowsValid,
        rowsRejected: check.rowsRead - rowsValid,
        validCents: check.validCents,
        remainingCents: check.remainingCents,
        reasons: check.reasons,
        errorMessage: check.errorMessage,
        validRows: check.validRows,
        createdBy: session.accountId,
        createdAt: now,
      },
      check.issues,
    );
    await recordFundingActivity(tx, [
      {
        locationId,
        sourceId,
        actorAccountId: session.accountId,
        action: 'UPLOAD_CHECKED',
        summary: `${file.fileName}: ${rowsValid} of ${check.rowsRead} row(s) valid, ${formatMoney(check.validCents)}`,
        details: {
          uploadId: id,
          rowsRead: check.rowsRead,
          rowsValid,
          validCents: check.validCents,
        },
        at: now,
      },
    ]);
    return id;
  });
  const row = await findUpload(db, locationId, uploadId);
  if (!row) throw new Error('the new upload is not found');
  return toUploadSummary(row);
}
