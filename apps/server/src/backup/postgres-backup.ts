import pg from 'pg';
import {
  refuseDifferences,
  type BackupContents,
  type OpenedBackup,
  type PayloadWriter,
} from './backup-file.ts';
import { BackupError } from './backup-error.ts';
import {
  analyzeRestored,
  appliedMigrations,
  beginExportedSnapshot,
  endTransaction,
  portalTableCount,
  serverVersion,
  tableRowCounts,
} from './backup-repository.ts';
import { postgresTool, runTool, toolConnection, toolVersion } from './postgres-tools.ts';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL's database: ${(error as Error).message}`);
  }
  return client;
}

/**
 * PostgreSQL's payload: `pg_dump --format=custom` (compressed) of the whole database. The
 * manifest's row counts are read in a repeatable-read transaction whose snapshot pg_dump uses
 * (`--snapshot`), so they are of the dump's instant; the server keeps running meanwhile.
 */
export function postgresBackupWriter(url: string): PayloadWriter {
  let contents: BackupContents | null = null;
  return {
    engine: 'postgres',
    write: async (sink) => {
      const client = await connect(url);
      try {
        const snapshot = await beginExportedSnapshot(client);
        const pgDump = postgresTool('pg_dump');
        const connection = toolConnection(url);
        const args = ['--format=custom', `--snapshot=${snapshot}`, '--no-password'];
        const dumped = runTool(pgDump, [...args, `--dbname=${connection.dbname}`], connection.env, {
          output: sink,
        });
        // Awaited below, after the counts; marked handled so an early failure waits for that.
        dumped.catch(() => undefined);
        contents = {
          schemaVersion: await appliedMigrations(client),
          tables: await tableRowCounts(client),
          source: `${await serverVersion(client)}; ${await toolVersion(pgDump)}`,
        };
        await dumped;
        await endTransaction(client);
      } finally {
        await client.end();
      }
    },
    contents: async () => {
      if (!contents) throw new Error('postgres backup: contents read before the dump');
      return contents;
    },
  };
}

/**
 * Restores a PostgreSQL backup into DATABASE_URL's database, which must not have the portal's
 * tables (create it empty: createdb). pg_restore runs in one transaction, so a failure leaves
 * the database as it was; the result must then hold what the manifest says.
 */
export async function restorePostgres(backup: OpenedBackup, url: string): Promise<BackupContents> {
  const client = await connect(url);
  try {
    const existing = await portalTableCount(client);
    if (existing > 0) {
      throw new BackupError(
        `The database of DATABASE_URL already has the portal's tables (${existing}): restore into a new, empty database (createdb), nothing was changed.`,
      );
    }
    const connection = toolConnection(url);
    await runTool(
      postgresTool('pg_restore'),
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--no-password',
        `--dbname=${connection.dbname}`,
      ],
      connection.env,
      { input: backup.payload() },
    );
    await analyzeRestored(client);
    const restored: BackupContents = {
      schemaVersion: await appliedMigrations(client),
      tables: await tableRowCounts(client),
      source: await serverVersion(client),
    };
    refuseDifferences(backup.manifest, restored);
    return restored;
  } finally {
    await client.end();
  }
}
