import { openBackupFile, verifyPayload, type Manifest } from './backup-file.ts';
import { BackupError } from './backup-error.ts';
import {
  consoleOutput,
  describeContents,
  knownSchemaVersion,
  runCommand,
  type CommandOutput,
} from './command-line.ts';
import { refuseNonEmptyFolder } from './pglite-folder.ts';
import { restorePglite } from './pglite-restore.ts';
import { restorePostgres } from './postgres-backup.ts';

export const RESTORE_USAGE = `Usage: npm run restore -- <file>

Restores a backup made by \`npm run backup\` into an empty database: with DATABASE_URL set, into
that PostgreSQL database (it must not have the portal's tables: createdb a new one); otherwise
into DATA_DIR, which must be a new or empty folder. Then start the portal on it (npm start).`;

const ENGINE_NAMES = { pglite: 'the embedded database', postgres: 'PostgreSQL' } as const;

/** Refuses a backup of the other engine, or of a schema newer than this code knows. */
function refuseUnrestorable(file: string, manifest: Manifest, engine: Manifest['engine']): void {
  if (manifest.engine !== engine) {
    const how =
      manifest.engine === 'postgres'
        ? 'set DATABASE_URL to a new, empty PostgreSQL database'
        : 'unset DATABASE_URL and set DATA_DIR to a new, empty folder';
    throw new BackupError(
      `${file} is a backup of ${ENGINE_NAMES[manifest.engine]}, and this portal is set up for ${ENGINE_NAMES[engine]}: to restore it, ${how}.`,
    );
  }
  const known = knownSchemaVersion();
  if (manifest.schemaVersion > known) {
    throw new BackupError(
      `${file} was made by a newer version of the portal (schema version ${manifest.schemaVersion}; this one knows ${known}): upgrade the portal first, then restore.`,
    );
  }
}

/** `npm run restore -- <file>`: answers the exit code. */
export function restoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: CommandOutput = consoleOutput,
): Promise<number> {
  return runCommand(argv, env, out, RESTORE_USAGE, async ({ file, config }) => {
    const started = performance.now();
    const backup = await openBackupFile(file);
    const engine = config.databaseUrl ? 'postgres' : 'pglite';
    refuseUnrestorable(file, backup.manifest, engine);
    const { manifest } = backup;
    out.say(`Backup of ${manifest.createdAt}: ${describeContents(manifest)}.`);
    // The quick refusal first: the checksum reads the whole file.
    if (!config.databaseUrl) await refuseNonEmptyFolder(config.dataDir);
    await verifyPayload(file, backup);
    if (config.databaseUrl) {
      out.say('Restoring into the PostgreSQL database of DATABASE_URL (pg_restore)…');
      await restorePostgres(backup, config.databaseUrl);
    } else {
      out.say(`Restoring into ${config.dataDir}…`);
      await restorePglite(backup, config.dataDir);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out.say(`Restored and checked (every table's row count matches the backup) in ${seconds} s.`);
    const newer = knownSchemaVersion() - manifest.schemaVersion;
    if (newer > 0) out.say(`The server applies the ${newer} newer migrations when it starts.`);
    out.say('Start the portal on it: npm start (with the same DATA_DIR or DATABASE_URL).');
  });
}
