import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { BackupError } from './backup-error.ts';

/**
 * A backup file: a header of HEADER_BYTES (its first line names the format, its second is the
 * manifest as JSON, the rest spaces, so `head -n 2 FILE` shows what it holds), then the payload
 * (the embedded database's folder as tar.gz, or pg_dump's custom format). ADR 0038.
 */
const MAGIC = 'CAMPUS-STORE-PORTAL-BACKUP';
const FORMAT_VERSION = 1;
export const HEADER_BYTES = 65_536;

export type Engine = 'pglite' | 'postgres';

/** What the payload holds, from the database it was taken of. */
export const backupContents = z.object({
  /** Migrations applied to the database: the portal's schema version. */
  schemaVersion: z.number().int().min(0),
  /** Rows of every table ("schema.table"), at the backup's instant. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** The database server it came from (`select version()`), and pg_dump's version on PostgreSQL. */
  source: z.string(),
});
export type BackupContents = z.infer<typeof backupContents>;

export const manifestSchema = backupContents.extend({
  engine: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  payload: z.object({
    format: z.enum(['tar.gz', 'pg_dump-custom']),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const PAYLOAD_FORMAT = { pglite: 'tar.gz', postgres: 'pg_dump-custom' } as const;

/** How one engine writes its payload and says what it holds. */
export interface PayloadWriter {
  engine: Engine;
  write(sink: Writable): Promise<void>;
  /** Called once the payload is written; `payload()` reads it back from the file. */
  contents(payload: () => Readable): Promise<BackupContents>;
}

function counting(onChunk: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onChunk(chunk);
      done(null, chunk);
    },
  });
}

/**
 * Writes `file` atomically and private to its owner (0600: it holds password hashes): the
 * payload after a reserved header in `file.partial`, then the header, then a rename. An
 * existing file is never replaced. Answers the manifest written.
 */
export async function writeBackupFile(file: string, writer: PayloadWriter): Promise<Manifest> {
  if (await stat(file).catch(() => null)) {
    throw new BackupError(`${file} already exists: give the backup a new name.`);
  }
  if (!(await stat(dirname(file)).catch(() => null))?.isDirectory()) {
    throw new BackupError(`The folder ${dirname(file)} does not exist: create it first.`);
  }
  const partial = `${file}.partial`;
  try {
    const created = await open(partial, 'w', 0o600);
    await created.chmod(0o600).finally(() => created.close());
    const hash = createHash('sha256');
    let bytes = 0;
    const sink = createWriteStream(partial, { flags: 'r+', start: HEADER_BYTES });
    const tally = counting((chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    const tallied = pipeline(tally, sink);
    try {
      await writer.write(tally);
    } catch (error) {
      tally.destroy();
      await tallied.catch(() => undefined);
      throw error;
    }
    await tallied;
    const contents = await writer.contents(() => payloadStream(partial, bytes));
    const manifest: Manifest = {
      engine: writer.engine,
      createdAt: new Date().toISOString(),
      ...backupContents.parse(contents),
      payload: { format: PAYLOAD_FORMAT[writer.engine], bytes, sha256: hash.digest('hex') },
    };
    const handle = await open(partial, 'r+');
    try {
      await handle.write(headerBlock(manifest), 0, HEADER_BYTES, 0);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

function headerBlock(manifest: Manifest): Buffer {
  const text = `${MAGIC} ${FORMAT_VERSION} ${HEADER_BYTES}\n${JSON.stringify(manifest)}\n`;
  const block = Buffer.alloc(HEADER_BYTES, ' ');
  if (Buffer.byteLength(text) >= HEADER_BYTES) throw new Error('backup manifest too large');
  block.write(text, 0, 'utf8');
  block[HEADER_BYTES - 1] = 0x0a;
  return block;
}

function payloadStream(file: string, bytes: number): Readable {
  if (bytes === 0) return Readable.from([]);
  return createReadStream(file, { start: HEADER_BYTES, end: HEADER_BYTES + bytes - 1 });
}

/** A backup file opened for restoring: its manifest, and its payload to read. */
export interface OpenedBackup {
  manifest: Manifest;
  payload(): Readable;
}

const notABackup = (file: string) =>
  new BackupError(`${file} is not a Campus Store Portal backup (it has no backup header).`);

/**
 * Opens a backup: refuses a missing file, one that is not a backup, one of a newer format, one
 * whose length does not match its manifest (cut short) or whose payload fails its checksum.
 */
export async function openBackupFile(file: string): Promise<OpenedBackup> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new BackupError(`There is no file ${file}.`);
  if (!info.isFile()) throw new BackupError(`${file} is not a file.`);
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    head = Buffer.alloc(Math.min(HEADER_BYTES, info.size));
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const [first = '', second = ''] = head.toString('utf8').split('\n', 2);
  const [magic, version, headerBytes] = first.split(' ');
  if (magic !== MAGIC) throw notABackup(file);
  const damagedHeader = new BackupError(`${file} has a damaged header: it cannot be restored.`);
  if (Number(version) > FORMAT_VERSION) {
    throw new BackupError(`${file} was written by a newer version of the portal: upgrade first.`);
  }
  if (Number(version) !== FORMAT_VERSION || Number(headerBytes) !== HEADER_BYTES) {
    throw damagedHeader;
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(second));
  } catch {
    throw damagedHeader;
  }
  if (info.size !== HEADER_BYTES + manifest.payload.bytes) {
    throw new BackupError(
      `${file} is ${info.size} bytes, its header says ${HEADER_BYTES + manifest.payload.bytes}: it was cut short or added to, and cannot be restored.`,
    );
  }
  return { manifest, payload: () => payloadStream(file, manifest.payload.bytes) };
}

/** Reads the whole payload once and refuses it unless it matches the manifest's checksum. */
export async function verifyPayload(file: string, backup: OpenedBackup): Promise<void> {
  const hash = createHash('sha256');
  for await (const chunk of backup.payload()) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== backup.manifest.payload.sha256) {
    throw new BackupError(
      `${file} is damaged (its checksum does not match): it cannot be restored.`,
    );
  }
}

/**
 * The database must hold the schema version and every table's row count `expected` says (the
 * backup's manifest, or the source at the copy's instant); otherwise a BackupError lists how not.
 */
export function refuseDifferences(
  expected: Pick<BackupContents, 'schemaVersion' | 'tables'>,
  actual: Pick<BackupContents, 'schemaVersion' | 'tables'>,
  heading = "The restored database does not match the backup's manifest",
  expectedName = 'the backup',
): void {
  const problems: string[] = [];
  if (actual.schemaVersion !== expected.schemaVersion) {
    problems.push(
      `schema version ${actual.schemaVersion}, ${expectedName}: ${expected.schemaVersion}`,
    );
  }
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)]);
  for (const name of [...names].sort()) {
    const [want, got] = [expected.tables[name], actual.tables[name]];
    if (want !== got) {
      problems.push(`${name}: ${got ?? 'missing'} rows, ${expectedName}: ${want ?? 'no table'}`);
    }
  }
  if (problems.length > 0) throw new BackupError(`${heading}:\n  ${problems.join('\n  ')}`);
}
