import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('applies defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      tokenTtlMinutes: 480,
      rememberDays: 30,
      logLevel: 'info',
      seedDemo: true,
      rentalReminders: true,
      databaseUrl: undefined,
      dbPoolSize: 10,
      webDist: join(REPO_ROOT, 'apps/web/dist'),
    });
  });

  it('leaves the signing secret to the database when JWT_SECRET is unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).toBeUndefined();
  });

  it('uses JWT_SECRET when given and parses the rest', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(40),
      PORT: '4000',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://u@db:5432/csp',
      SMTP_URL: 'smtp://mail:25',
      DB_POOL_SIZE: '25',
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('x'.repeat(40));
    expect(config).toMatchObject({
      port: 4000,
      seedDemo: false,
      databaseUrl: 'postgres://u@db:5432/csp',
      dbPoolSize: 25,
    });
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SEED_DEMO: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short', SEED_DEMO: 'maybe' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
      expect(message).toContain('SEED_DEMO');
    }
  });

  it('believes X-Forwarded-For only from the proxies it names, never from everyone', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8']);
    for (const everyone of ['true', '*', '0.0.0.0/0']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: everyone })).toThrow(
        /TRUST_PROXY: name the proxies/,
      );
    }
  });

  it('sends rental reminders unless RENTAL_REMINDERS is off', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), RENTAL_REMINDERS: 'off' }).rentalReminders).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: tempDir(), RENTAL_REMINDERS: 'on' }).rentalReminders).toBe(true);
    expect(() => loadConfig({ DATA_DIR: tempDir(), RENTAL_REMINDERS: 'sometimes' })).toThrow(
      /RENTAL_REMINDERS: use on or off/,
    );
  });

  it('lets learning platforms be on this computer without PUBLIC_URL, not with it, unless LTI_LOCAL_PLATFORMS says', () => {
    const local = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).ltiLocalPlatforms;
    const PUBLIC_URL = 'https://bookstore.example.edu';
    expect(local({})).toBe(true);
    expect(local({ PUBLIC_URL })).toBe(false);
    expect(local({ PUBLIC_URL, LTI_LOCAL_PLATFORMS: 'true' })).toBe(true);
    expect(local({ LTI_LOCAL_PLATFORMS: 'false' })).toBe(false);
    expect(() => local({ LTI_LOCAL_PLATFORMS: 'sometimes' })).toThrow(
      /LTI_LOCAL_PLATFORMS: use true or false/,
    );
  });
});
