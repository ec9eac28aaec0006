import type { Db } from '../../db/client.ts';
import { failInterruptedImports } from './import-repository.ts';
import { removeUpload } from './upload-store.ts';

/**
 * At start: imports a previous run of the server was checking or applying become FAILED
 * saying the server restarted, and their files go. With several processes on one PostgreSQL
 * database, a process starting fails the jobs another is running (ADR 0018).
 */
export async function failInterruptedJobs(db: Db): Promise<number> {
  const files = await failInterruptedImports(db);
  await Promise.all(files.map((path) => removeUpload(path)));
  return files.length;
}
