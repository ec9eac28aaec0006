import { ACTIONS, DEFAULT_ROLE_ACTIONS, ROLES } from '@csp/contracts';
import { count, eq } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { createTestDatabase } from '../test-support/test-database.ts';
import { ensureReferenceData, PROPOSED_PRODUCT_TYPES } from './reference-data.ts';
import { actions, proposedProductTypes, roleActions, roles } from './schema/index.ts';

let database: Database;

async function counts(): Promise<number[]> {
  const { db } = database;
  const tables = [actions, roles, roleActions, proposedProductTypes];
  return Promise.all(tables.map(async (t) => (await db.select({ n: count() }).from(t))[0]?.n ?? 0));
}

async function actionsOf(roleName: string): Promise<string[]> {
  const rows = await database.db
    .select({ name: actions.name })
    .from(roleActions)
    .innerJoin(roles, eq(roles.id, roleActions.roleId))
    .innerJoin(actions, eq(actions.id, roleActions.actionId))
    .where(eq(roles.name, roleName));
  return rows.map((r) => r.name).sort();
}

beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(async () => {
  await database.close();
});

describe('ensureReferenceData', () => {
  it('creates every action, role, mapping and product type, and is idempotent', async () => {
    await ensureReferenceData(database.db);
    const first = await counts();
    const mappingCount = Object.values(DEFAULT_ROLE_ACTIONS).reduce((n, a) => n + a.length, 0);
    expect(first).toEqual([
      ACTIONS.length,
      ROLES.length,
      mappingCount,
      PROPOSED_PRODUCT_TYPES.length,
    ]);
    await ensureReferenceData(database.db);
    expect(await counts()).toEqual(first);
  });

  it('maps SUBMITTER to exactly ADOPT_COURSE and VIEW_SECTION', async () => {
    expect(await actionsOf('SUBMITTER')).toEqual(['ADOPT_COURSE', 'VIEW_SECTION']);
  });

  it('stores friendly role names', async () => {
    const rows = await database.db.select().from(roles);
    const friendly = Object.fromEntries(rows.map((r) => [r.name, r.friendly]));
    expect(friendly).toEqual({
      FULL_REPORTER: 'Full Reporter',
      PERMISSION_ADMINISTRATOR: 'Permission Administrator',
      SUBMITTER: 'Submitter',
      INSTRUCTOR: 'Instructor',
      CMA_MEMBER: 'Course Materials Team',
      STORE_ADMINISTRATOR: 'Store Administrator',
    });
    expect(rows.every((r) => r.description.length > 0)).toBe(true);
  });

  it('keeps an administrator change to a role mapping across restarts', async () => {
    const [submitter] = await database.db.select().from(roles).where(eq(roles.name, 'SUBMITTER'));
    const [viewSection] = await database.db
      .select()
      .from(actions)
      .where(eq(actions.name, 'VIEW_SECTION'));
    if (!submitter || !viewSection) throw new Error('reference rows missing');
    await database.db.delete(roleActions).where(eq(roleActions.roleId, submitter.id));
    await database.db
      .insert(roleActions)
      .values({ roleId: submitter.id, actionId: viewSection.id });
    await ensureReferenceData(database.db);
    expect(await actionsOf('SUBMITTER')).toEqual(['VIEW_SECTION']);
  });

  it('gives an existing CMA_MEMBER role VIEW_STUDENT_FUNDING when the database is upgraded', async () => {
    // A database made before the action existed: roles and mappings, no VIEW_STUDENT_FUNDING.
    await ensureReferenceData(database.db);
    const [action] = await database.db
      .select()
      .from(actions)
      .where(eq(actions.name, 'VIEW_STUDENT_FUNDING'));
    if (!action) throw new Error('VIEW_STUDENT_FUNDING missing');
    await database.db.delete(roleActions).where(eq(roleActions.actionId, action.id));
    await database.db.delete(actions).where(eq(actions.id, action.id));
    expect(await actionsOf('CMA_MEMBER')).not.toContain('VIEW_STUDENT_FUNDING');

    for (const statement of await upgradeStatements('student scope')) {
      await database.rawQuery(statement, []);
    }
    expect(await actionsOf('CMA_MEMBER')).toContain('VIEW_STUDENT_FUNDING');
    expect(await actionsOf('FULL_REPORTER')).not.toContain('VIEW_STUDENT_FUNDING');
  });
});

/** The hand-written statements of a migration, found by their `-- hand-written: <area>` line. */
async function upgradeStatements(area: string): Promise<string[]> {
  const folder = fileURLToPath(new URL('./migrations/', import.meta.url));
  const marker = `-- hand-written: ${area}`;
  for (const name of await readdir(folder)) {
    if (!name.endsWith('.sql')) continue;
    const text = await readFile(`${folder}${name}`, 'utf8');
    const at = text.indexOf(marker);
    if (at < 0) continue;
    // Up to another area's hand-written part, if one follows in the same file.
    const next = text.indexOf('-- hand-written:', at + marker.length);
    return text.slice(at, next < 0 ? undefined : next).split('--> statement-breakpoint');
  }
  throw new Error(`no migration has ${marker}`);
}
