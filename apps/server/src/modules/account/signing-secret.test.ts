import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createTestDatabase, testEngines } from '../../test-support/test-database.ts';
import { resolveSigningSecret } from './signing-secret.ts';

const engines = await testEngines();

describe.each(engines)('session token signing secret (%s)', (engine) => {
  let database: Database;
  let dirs: string[];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'csp-secret-')));
  });
  afterAll(async () => {
    await database?.close();
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });

  it('is generated once in the database: processes with different data folders agree', async () => {
    const [a, b] = await Promise.all([
      resolveSigningSecret(database.db, undefined, dirs[0]!),
      resolveSigningSecret(database.db, undefined, dirs[1]!),
    ]);
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
  });

  it('prefers JWT_SECRET when it is set', async () => {
    const fromEnv = new TextEncoder().encode('y'.repeat(40));
    expect(await resolveSigningSecret(database.db, fromEnv, dirs[0]!)).toBe(fromEnv);
  });

  it('adopts the secret an earlier version kept in DATA_DIR/jwt-secret', async () => {
    const fresh = await createTestDatabase(engine);
    try {
      const legacy = Buffer.alloc(32, 9);
      writeFileSync(join(dirs[2]!, 'jwt-secret'), `${legacy.toString('base64url')}\n`);
      const secret = await resolveSigningSecret(fresh.db, undefined, dirs[2]!);
      expect(Buffer.from(secret)).toEqual(legacy);
    } finally {
      await fresh.close();
    }
  });
});
