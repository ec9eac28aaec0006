import { FUNDING_MESSAGES as M, formatMoney, type AllowanceUpload } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { retryOnDeadlock } from '../../../lib/retry-deadlock.ts';
import type { Session } from '../../../lib/session.ts';
import { recordFundingActivity } from '../ledger/activity-repository.ts';
import { checkGrants, grantAllowances } from '../allowances/allowance-grants.ts';
import { lockSource } from '../sources/source-repository.ts';
import { toGrant } from './upload-check.ts';
import { findUpload, keptRowsOf, markUploadApplied } from './upload-repository.ts';
import { toUploadSummary } from './upload-summary.ts';

/** Another apply of the same file got there first: this one rolls back and answers the file. */
class AppliedMeanwhile extends Error {}

/**
 * applyAllowanceUpload: writes a checked file's kept rows in one transaction. The source's row
 * is locked first (every allocation from it queues there), the file read again under the lock
 * (a second apply of it waits, then finds it APPLIED and answers it as it is), the kept rows
 * checked again against the source as it now is (409 sourceChangedSinceCheck naming uploadId
 * when any has become invalid: another allowance, a smaller budget), then the allowances, their
 * ALLOCATION entries, the UPLOAD_APPLIED activity and the APPLIED status are written together.
 */
export async function applyUpload(
  db: Db,
  session: Session,
  uploadId: number,
  now: Date,
): Promise<AllowanceUpload> {
  const { locationId } = session;
  const first = await findUpload(db, locationId, uploadId);
  if (!first) throw AppError.notFound(M.uploadNotFound, 'uploadId');
  if (first.status === 'APPLIED') return toUploadSummary(first);
  try {
    await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const source = await lockSource(tx, locationId, first.sourceId);
        const upload = await findUpload(tx, locationId, uploadId);
        if (!source || !upload) throw AppError.notFound(M.uploadNotFound, 'uploadId');
        if (upload.status === 'APPLIED') throw new AppliedMeanwhile();
        if (upload.status !== 'CHECKED') throw AppError.conflict(M.uploadInvalid, 'uploadId');
        const grants = keptRowsOf(upload).map(toGrant);
        const refusals = await checkGrants(tx, source, grants);
        if (refusals.size > 0) throw AppError.conflict(M.sourceChangedSinceCheck, 'uploadId');
        await grantAllowances(tx, locationId, source.id, grants, {
          actorAccountId: session.accountId,
          now,
          uploadId,
          activityPerAllowance: false,
        });
        if (!(await markUploadApplied(tx, uploadId, session.accountId, now))) {
          throw new AppliedMeanwhile();
        }
        const cents = grants.reduce((sum, g) => sum + g.amountCents, 0);
        await recordFundingActivity(tx, [
          {
            locationId,
            sourceId: source.id,
            actorAccountId: session.accountId,
            action: 'UPLOAD_APPLIED',
            summary: `${upload.fileName}: ${grants.length} allowance(s), ${formatMoney(cents)}`,
            details: { uploadId, allowances: grants.length, amountCents: cents },
            at: now,
          },
        ]);
      }),
    );
  } catch (error) {
    if (!(error instanceof AppliedMeanwhile)) throw error;
  }
  const applied = await findUpload(db, locationId, uploadId);
  if (!applied) throw AppError.notFound(M.uploadNotFound, 'uploadId');
  return toUploadSummary(applied);
}
