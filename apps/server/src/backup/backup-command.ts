import { stat } from 'node:fs/promises';
import { writeBackupFile } from './backup-file.ts';
import { consoleOutput, describeContents, runCommand, type CommandOutput } from './command-line.ts';
import { pgliteBackupWriter } from './pglite-backup.ts';
import { postgresBackupWriter } from './postgres-backup.ts';

export const BACKUP_USAGE = `Usage: npm run backup -- <file>

Writes a backup of the portal's database to <file>, a new file readable by you alone (it holds
password hashes): with DATABASE_URL set, PostgreSQL's (pg_dump); otherwise the embedded database
in DATA_DIR, copied through the running server, or directly when no server runs.
Restore it with: npm run restore -- <file>   (docs/operations.md, "Backups and restore")`;

/** `npm run backup -- <file>`: answers the exit code. */
export function backupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: CommandOutput = consoleOutput,
): Promise<number> {
  return runCommand(argv, env, out, BACKUP_USAGE, async ({ file, config }) => {
    const started = performance.now();
    const writer = config.databaseUrl
      ? postgresBackupWriter(config.databaseUrl)
      : pgliteBackupWriter(config.dataDir, file, out.say);
    if (config.databaseUrl)
      out.say('Backing up the PostgreSQL database of DATABASE_URL (pg_dump)…');
    const manifest = await writeBackupFile(file, writer);
    const { size } = await stat(file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out.say(`Backed up ${describeContents(manifest)}.`);
    out.say(`Wrote ${file} (${(size / 1e6).toFixed(1)} MB) in ${seconds} s.`);
  });
}
