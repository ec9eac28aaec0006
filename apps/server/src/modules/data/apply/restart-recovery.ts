import type { Db } from '../../../db/client.ts';
import { removeUpload } from '../../../lib/uploads/receive-upload.ts';
import { releaseInterruptedImports } from '../import-repository.ts';

/**
 * At start: imports a previous run of the server was checking become FAILED saying the server
 * restarted, and their files go; imports it was applying are VALIDATED again (nothing of an
 * apply is kept but all of it), their files kept, to be applied again. With several processes
 * on one PostgreSQL database, a process starting releases the jobs another is running; their
 * status changes are conditional, so nothing is applied twice (ADR 0018, ADR 0022).
 */
export async function releaseInterruptedJobs(db: Db): Promise<number> {
  const files = await releaseInterruptedImports(db);
  await Promise.all(files.map((path) => removeUpload(path)));
  return files.length;
}
