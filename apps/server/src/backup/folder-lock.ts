import { mkdir } from 'node:fs/promises';
import {
  DataFolderInUseError,
  lockDataFolder,
  type DataFolderLock,
} from '../db/data-folder-lock.ts';
import { BackupError } from './backup-error.ts';

/**
 * Takes the data folder's lock (db/data-folder-lock.ts) for a backup or restore that works on
 * the folder itself; `why` says what the holder keeps from happening.
 */
export async function lockFolderFor(dataDir: string, why: string): Promise<DataFolderLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    return lockDataFolder(dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const { command, pid, since } = error.holder;
    throw new BackupError(
      `The data folder ${dataDir} is in use by ${command} (pid ${pid}, since ${since}), ${why}`,
    );
  }
}
