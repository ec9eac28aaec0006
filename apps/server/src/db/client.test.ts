import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './client.ts';

/** Every path under `dir` whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (statSync(path).mode & 0o077) found.push(path);
    if (entry.isDirectory()) found.push(...openToOthers(path));
  }
  return found;
}

describe('the embedded database folder', () => {
  const parent = mkdtempSync(join(tmpdir(), 'csp-db-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('is private to the server user: folder 0700, nothing inside open to others', async () => {
    const dataDir = join(parent, 'data');
    const database = await createDb({ engine: 'pglite', dataDir });
    await database.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});
