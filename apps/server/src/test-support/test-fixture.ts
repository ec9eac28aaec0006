import { ROLES, type RoleName, type WebsiteConfig } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { hashPassword } from '../lib/password-hash.ts';
import { ensureReferenceData } from '../db/reference-data.ts';
import { insertCatalog, type FixtureCatalog } from './test-fixture-catalog.ts';

/** Every fixture account has this password. */
export const FIXTURE_PASSWORD = 'correct horse battery staple';

let fixtureHash: Promise<string> | undefined;
/**
 * FIXTURE_PASSWORD's argon2id hash, made once per worker: a hash embeds its own salt, so one
 * serves every test account (each made its own took 36 ms of CPU, hundreds per run). Sign-ins
 * still verify it for real.
 */
export function fixturePasswordHash(): Promise<string> {
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  return fixtureHash;
}
export const FIXTURE_HOSTS = { a: 'store-a.test', b: 'store-b.test' } as const;

export const GTM_HEADER = `<script>window.dataLayer=window.dataLayer||[];</script>`;
export const GTM_BODY = `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-TEST"></iframe></noscript>`;
/** A 1x1 transparent PNG, stored base64 as binary logos are. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
export const SVG_LOGO = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

export interface FixtureAccount {
  id: number;
  userName: string;
}

/** Ids and names a test needs; every account's password is FIXTURE_PASSWORD. */
export interface TestFixture {
  locations: { a: number; b: number };
  websites: { a: number; b: number };
  catalog: FixtureCatalog;
  accounts: {
    /** Store A, every role store-wide (SUBMITTER scoped to the department, INSTRUCTOR teaching). */
    admin: FixtureAccount;
    /** Store A, SUBMITTER with no scope: grants nothing. */
    submitterUnscoped: FixtureAccount;
    /** Store A, SUBMITTER scoped to the department. */
    submitterDepartment: FixtureAccount;
    /** Store A, INSTRUCTOR linked to the professor who teaches the section. */
    instructor: FixtureAccount;
    /** Store A, INSTRUCTOR without a professor link: grants nothing. */
    instructorUnlinked: FixtureAccount;
    /** Store A, FULL_REPORTER, but deactivated. */
    inactive: FixtureAccount;
    /** Store B, FULL_REPORTER store-wide. */
    storeB: FixtureAccount;
  };
}

function config(name: string, gtm: boolean): WebsiteConfig {
  return {
    brandPrimaryColor: '#123456',
    brandSecondaryColor: '#abcdef',
    logo: `/site-config/logos/${name}-logo.svg`,
    logoMobile: `/site-config/logos/${name}-logo.png`,
    logoWidth: 200,
    logoHeight: 50,
    logoMobileHeight: 40,
    googleTagManagerHeader: gtm ? GTM_HEADER : '',
    googleTagManagerBody: gtm ? GTM_BODY : '',
  };
}

/** The real reference data (roles, actions, role_actions), then the role ids by name. */
async function insertRoles(db: Db): Promise<Record<RoleName, number>> {
  await ensureReferenceData(db);
  const rows = await db.select({ id: t.roles.id, name: t.roles.name }).from(t.roles);
  return Object.fromEntries(rows.map((r) => [r.name, r.id])) as Record<RoleName, number>;
}

/** Two stores with one website each, a small catalog in store A, and accounts with roles. */
export async function seedTestFixture(db: Db): Promise<TestFixture> {
  const roleId = await insertRoles(db);
  const [locA, locB] = await db
    .insert(t.locations)
    .values([
      // Store A's accounts are at store-a.test: copies and exports may go to that domain.
      { name: 'Store A', externalRef: 'STORE-A', emailDomains: ['store-a.test'] },
      { name: 'Store B', externalRef: 'STORE-B' },
    ])
    .returning();
  if (!locA || !locB) throw new Error('fixture locations not created');
  const [siteA, siteB] = await db
    .insert(t.websites)
    .values([
      {
        locationId: locA.id,
        host: FIXTURE_HOSTS.a,
        externalLocationRef: 'STORE-A',
        jsonFileName: 'store-a.json',
        name: 'Store A',
        siteTitle: 'Store A Campus Store',
        config: config('store-a', false),
      },
      {
        locationId: locB.id,
        host: FIXTURE_HOSTS.b,
        externalLocationRef: 'STORE-B',
        jsonFileName: 'store-b.json',
        name: 'Store B',
        siteTitle: 'Store B Campus Store',
        config: config('store-b', true),
      },
    ])
    .returning();
  if (!siteA || !siteB) throw new Error('fixture websites not created');
  await db.insert(t.websiteAssets).values([
    {
      locationId: locA.id,
      fileName: 'store-a-logo.svg',
      contentType: 'image/svg+xml',
      content: SVG_LOGO,
    },
    {
      locationId: locA.id,
      fileName: 'store-a-logo.png',
      contentType: 'image/png',
      content: PNG_BASE64,
    },
  ]);

  const passwordHash = await fixturePasswordHash();
  const account = async (locationId: number, userName: string, active = true) => {
    const [row] = await db
      .insert(t.userAccounts)
      .values({
        locationId,
        userName,
        name: userName.split('@')[0] ?? userName,
        email: userName,
        passwordHash,
        active,
      })
      .returning({ id: t.userAccounts.id, userName: t.userAccounts.userName });
    if (!row) throw new Error(`fixture account ${userName} not created`);
    return row;
  };
  const accounts: TestFixture['accounts'] = {
    admin: await account(locA.id, 'admin@store-a.test'),
    submitterUnscoped: await account(locA.id, 'submitter-unscoped@store-a.test'),
    submitterDepartment: await account(locA.id, 'submitter-dept@store-a.test'),
    instructor: await account(locA.id, 'instructor@store-a.test'),
    instructorUnlinked: await account(locA.id, 'instructor-unlinked@store-a.test'),
    inactive: await account(locA.id, 'inactive@store-a.test', false),
    storeB: await account(locB.id, 'admin@store-b.test'),
  };
  const catalog = await insertCatalog(db, locA.id, accounts.instructor.id);

  const grant = (a: FixtureAccount, role: RoleName, locationId: number, departmentId?: number) => ({
    locationId,
    accountId: a.id,
    roleId: roleId[role],
    departmentId: departmentId ?? null,
  });
  const a = locA.id;
  await db
    .insert(t.userRoles)
    .values([
      ...ROLES.filter((r) => r !== 'SUBMITTER').map((r) => grant(accounts.admin, r, a)),
      grant(accounts.admin, 'SUBMITTER', a, catalog.departmentId),
      grant(accounts.submitterUnscoped, 'SUBMITTER', a),
      grant(accounts.submitterDepartment, 'SUBMITTER', a, catalog.departmentId),
      grant(accounts.instructor, 'INSTRUCTOR', a),
      grant(accounts.instructorUnlinked, 'INSTRUCTOR', a),
      grant(accounts.inactive, 'FULL_REPORTER', a),
      grant(accounts.storeB, 'FULL_REPORTER', locB.id),
    ]);

  return {
    locations: { a: locA.id, b: locB.id },
    websites: { a: siteA.id, b: siteB.id },
    catalog,
    accounts,
  };
}
