import type { Database } from '../db/client.ts';
import { openOperatorSocket, type OperatorSocket } from './operator-socket.ts';
import { removeStaleStaging, snapshotDataFolder } from './pglite-snapshot.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * On the embedded database: the operator socket through which `npm run backup` copies the
 * database while the server runs (ADR 0038). Null on PostgreSQL (pg_dump needs no help), and
 * when the socket cannot be opened: the server still starts, and says so.
 */
export async function serveBackups(
  database: Database,
  dataDir: string,
  logger: Logger,
): Promise<OperatorSocket | null> {
  if (database.engine !== 'pglite') return null;
  // A copy left by a backup whose process died holds as much disk as the database: freed now,
  // not at the next backup. (The server holds the folder's lock.)
  await removeStaleStaging(dataDir).catch((error: unknown) =>
    logger.warn({ err: error }, 'a stale backup staging folder could not be removed'),
  );
  try {
    return await openOperatorSocket(dataDir, async () => {
      const started = performance.now();
      const snapshot = await snapshotDataFolder(database.db, dataDir);
      const files = snapshot.entries.filter((entry) => entry.type === 'file');
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      // ms: requests that use the database waited for this long (pglite-snapshot.ts);
      // stagedMs: the whole copy to the staging folder, the files made beforehand included.
      const stagedMs = Math.round(performance.now() - started);
      logger.info(
        { ms: snapshot.heldMs, stagedMs, files: files.length, bytes },
        'database copied for a backup',
      );
      return snapshot;
    });
  } catch (error) {
    logger.warn(
      { err: error },
      'no operator socket: `npm run backup` cannot copy the database while this server runs',
    );
    return null;
  }
}
