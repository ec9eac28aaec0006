import type { Database } from '../db/client.ts';
import { openOperatorSocket, type OperatorSocket } from './operator-socket.ts';
import { snapshotDataFolder } from './pglite-snapshot.ts';

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
  try {
    return await openOperatorSocket(dataDir, async () => {
      const started = performance.now();
      const snapshot = await snapshotDataFolder(database.db, dataDir);
      const { entries } = snapshot;
      const bytes = entries.reduce((sum, entry) => sum + entry.data.length, 0);
      // Requests that use the database waited for this long (pglite-snapshot.ts).
      const ms = Math.round(performance.now() - started);
      logger.info({ ms, files: entries.length, bytes }, 'database copied for a backup');
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
