import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-database.ts';
import type { Database } from '../db/client.ts';
import { devIdpSettingsFromEnv } from './settings.ts';
import { startDevIdpIfWanted } from './start.ts';

const quiet = { info: () => undefined, warn: () => undefined };

// A store set up without the demo (npm run store) has no website that trusts the development
// IdP yet: DEV_IDP=always starts it anyway, so its metadata can be given on the settings screen.
describe('the development IdP on a database without the demo', () => {
  let database: Database;
  const dataDir = mkdtempSync(join(tmpdir(), 'csp-dev-idp-'));
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays off by default, since no website trusts it', async () => {
    const env = { DEV_IDP: 'true', DEV_IDP_PORT: '0' };
    expect(await startDevIdpIfWanted(database.db, dataDir, quiet, env)).toBeNull();
  });

  it('starts with DEV_IDP=always and serves its metadata', async () => {
    const env = { DEV_IDP: 'always', DEV_IDP_PORT: '0' };
    const idp = await startDevIdpIfWanted(database.db, dataDir, quiet, env);
    expect(idp).not.toBeNull();
    try {
      const metadata = await fetch(idp?.urls.metadataUrl ?? '');
      expect(metadata.status).toBe(200);
      expect(await metadata.text()).toContain('IDPSSODescriptor');
      expect(idp?.hosts).toEqual([]);
    } finally {
      await idp?.close();
    }
  });

  it('names the values it takes', () => {
    expect(() => devIdpSettingsFromEnv({ DEV_IDP: 'sometimes' })).toThrow(
      'DEV_IDP: use true, false or always',
    );
  });
});
