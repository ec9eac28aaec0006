import { refuseDifferences, type BackupContents, type OpenedBackup } from './backup-file.ts';
import { DATA_FOLDER_LOCK_FILE } from '../db/data-folder-lock.ts';
import { lockFolderFor } from './folder-lock.ts';
import {
  emptyFolder,
  extractPayload,
  inspectPgliteFolder,
  refuseNonEmptyFolder,
} from './pglite-folder.ts';

/**
 * Restores an embedded database's backup into `dataDir`, which must be empty or absent. The
 * folder is locked meanwhile (no server can start on it), then the restored database is opened
 * and must hold what the manifest says; otherwise the folder is emptied again.
 */
export async function restorePglite(
  backup: OpenedBackup,
  dataDir: string,
): Promise<BackupContents> {
  await refuseNonEmptyFolder(dataDir);
  const lock = await lockFolderFor(dataDir, 'so nothing was restored.');
  try {
    await extractPayload(backup.payload(), dataDir);
    const restored = await inspectPgliteFolder(dataDir);
    refuseDifferences(backup.manifest, restored);
    return restored;
  } catch (error) {
    await emptyFolder(dataDir, DATA_FOLDER_LOCK_FILE);
    throw error;
  } finally {
    lock.release();
  }
}
