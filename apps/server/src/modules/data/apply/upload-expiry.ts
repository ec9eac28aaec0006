import type { FastifyInstance } from 'fastify';
import { UNAPPLIED_UPLOAD_DAYS } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { registerScheduledJob } from '../../../lib/scheduled-job.ts';
import { removeUpload } from '../../../lib/uploads/receive-upload.ts';
import { DATA_MESSAGES as M } from '../data-messages.ts';
import { expireUnappliedImports } from '../import-state-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every hour at minute 23 (UTC): an upload goes within an hour of its seventh day. */
const EXPIRY_CRON = '23 * * * *';
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Checked uploads not applied within UNAPPLIED_UPLOAD_DAYS of their upload become EXPIRED and
 * their files are deleted: a registrar file holds students' names and e-mail addresses, and
 * the server keeps it only while it may still be applied. Answers how many expired.
 */
export async function expireUnappliedUploads(db: AppDeps['db'], now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNAPPLIED_UPLOAD_DAYS * DAY_MS);
  const files = await expireUnappliedImports(db, cutoff, M.expired(UNAPPLIED_UPLOAD_DAYS));
  await Promise.all(files.map((path) => removeUpload(path)));
  return files.length;
}

/**
 * Runs the expiry hourly in every process that serves requests (several at once expire each
 * upload once: the status changes only from VALIDATED or NEEDS_MAPPING, under a row lock).
 */
export function registerUploadExpiry(app: FastifyInstance, deps: AppDeps): void {
  registerScheduledJob(app, {
    name: 'upload-expiry',
    cron: EXPIRY_CRON,
    firstRunDelayMs: FIRST_RUN_DELAY_MS,
    failure: 'expiring unapplied uploads failed',
    work: async () => {
      const expired = await expireUnappliedUploads(deps.db, deps.now());
      if (expired > 0) app.log.info({ expired }, 'unapplied uploads expired');
    },
  });
}
