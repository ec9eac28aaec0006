import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  fillPath,
  getDepartmentContacts,
  setDepartmentContact,
  type DepartmentContact,
} from '@csp/contracts';
import { and, eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import {
  addAccount,
  addCatalog,
  callAs,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';

const engines = await testEngines();
/** Fall 2026 (24 Aug to 18 Dec) is under way: its sections count. */
const NOW = new Date('2026-10-15T12:00:00Z');

interface ContactList {
  departments: DepartmentContact[];
  recordCount: number;
}

describe.each(engines)('department contacts (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  let bioId: number;
  let artId: number;
  let foreignId: number;

  const list = async (caller: Caller, query: Record<string, string | number> = {}) => {
    const res = await callAs(ctx, caller, getDepartmentContacts, { query });
    expect(res.statusCode).toBe(200);
    return res.json() as ContactList;
  };
  const put = (caller: Caller, departmentId: number, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: fillPath(setDepartmentContact.path, { userAccountId: caller.accountId, departmentId }),
      headers: authHeaders(caller.host, caller.token),
      payload,
    });
  const stored = async (departmentId: number) => {
    const [row] = await ctx.db
      .select({ name: t.departments.contactName, email: t.departments.contactEmail })
      .from(t.departments)
      .where(eq(t.departments.id, departmentId));
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { now: () => NOW });
    const { locations, catalog } = ctx.fixture;
    bioId = catalog.departmentId;
    admin = await signIn(ctx, 'admin@store-a.test');
    const north = await addCatalog(ctx.db, locations.a, {
      divisionName: 'North Campus',
      departmentCode: 'ART',
      departmentName: 'Fine Arts',
    });
    artId = north.departmentId;
    await addAccount(ctx.db, locations.a, 'north-cma@store-a.test', [
      { role: 'CMA_MEMBER', divisionId: north.divisionId },
    ]);
    await addAccount(ctx.db, locations.a, 'bio-cma@store-a.test', [
      { role: 'CMA_MEMBER', departmentId: catalog.departmentId },
    ]);
    // An account of store A at another domain: the store knows the address.
    await addAccount(ctx.db, locations.a, 'Chair.Bio@Elsewhere.edu');
    const other = await addCatalog(ctx.db, locations.b, {
      divisionName: 'B Campus',
      departmentCode: 'BIO',
    });
    foreignId = other.departmentId;
  });
  afterAll(async () => ctx?.close());

  it('lists the departments of every division for a store-wide grant, with current sections', async () => {
    const answer = await list(admin);
    expect(answer.recordCount).toBe(2);
    expect(answer.departments).toEqual([
      {
        departmentId: bioId,
        divisionId: ctx.fixture.catalog.divisionId,
        divisionName: 'Main Campus',
        code: 'BIO',
        name: 'Biology',
        contactName: null,
        contactEmail: null,
        sections: 1,
      },
      expect.objectContaining({ departmentId: artId, divisionName: 'North Campus', sections: 1 }),
    ]);
    // Another store's department of the same code is never listed.
    expect(answer.departments.map((d) => d.departmentId)).not.toContain(foreignId);
  });

  it('sets a contact trimmed and in lower case, audits it, and clears it with nulls or blanks', async () => {
    const res = await put(admin, bioId, {
      contactName: '  Dr. Ada Lovelace, Chair ',
      contactEmail: ' Chair.Bio@ELSEWHERE.edu ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      departmentId: bioId,
      contactName: 'Dr. Ada Lovelace, Chair',
      contactEmail: 'chair.bio@elsewhere.edu',
      sections: 1,
    });
    expect(await stored(bioId)).toEqual({
      name: 'Dr. Ada Lovelace, Chair',
      email: 'chair.bio@elsewhere.edu',
    });
    // The same again changes nothing and writes no second entry.
    expect((await put(admin, bioId, res.json())).statusCode).toBe(200);
    const audits = await ctx.db
      .select({ before: t.auditLog.before, after: t.auditLog.after })
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.event, 'DEPARTMENT_CONTACT_CHANGED'),
          eq(t.auditLog.locationId, ctx.fixture.locations.a),
        ),
      );
    expect(audits).toEqual([
      {
        before: { departmentId: bioId, code: 'BIO', contactName: null, contactEmail: null },
        after: {
          departmentId: bioId,
          code: 'BIO',
          contactName: 'Dr. Ada Lovelace, Chair',
          contactEmail: 'chair.bio@elsewhere.edu',
        },
      },
    ]);

    // An address at the store's own domain needs no account.
    const atDomain = await put(admin, artId, {
      contactName: null,
      contactEmail: 'arts@store-a.test',
    });
    expect(atDomain.json()).toMatchObject({ contactName: null, contactEmail: 'arts@store-a.test' });

    const withContact = await list(admin, { withoutContact: 'true' });
    expect(withContact.departments).toEqual([]);
    expect((await put(admin, artId, { contactName: '', contactEmail: '  ' })).json()).toMatchObject(
      {
        contactName: null,
        contactEmail: null,
      },
    );
    expect((await put(admin, bioId, { contactName: null, contactEmail: null })).statusCode).toBe(
      200,
    );
    expect(await stored(bioId)).toEqual({ name: null, email: null });
    expect((await list(admin, { withoutContact: 'true' })).recordCount).toBe(2);
  });

  it('filters by part of the code or name, and pages', async () => {
    expect((await list(admin, { search: 'arts' })).departments.map((d) => d.code)).toEqual(['ART']);
    expect((await list(admin, { search: 'bI' })).departments.map((d) => d.code)).toEqual(['BIO']);
    // A typed wildcard matches itself only.
    expect((await list(admin, { search: '%' })).recordCount).toBe(0);
    const second = await list(admin, { pageSize: 1, page: 2 });
    expect(second).toMatchObject({ recordCount: 2, departments: [{ code: 'ART' }] });
    expect((await list(admin, { pageSize: 1, page: 3 })).departments).toEqual([]);
  });

  it('refuses an address the store does not know, naming contactEmail, and writes nothing', async () => {
    const res = await put(admin, bioId, {
      contactName: 'Someone',
      contactEmail: 'someone@gmail.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      field: 'contactEmail',
      message:
        'A department contact can only be someone this store knows: someone@gmail.com is not an account of this store or an address at one of its domains.',
    });
    expect(await stored(bioId)).toEqual({ name: null, email: null });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const M = CONTACT_MESSAGES;
    const cases: [object, string, string][] = [
      [
        { contactName: null, contactEmail: 'not-an-address' },
        'contactEmail',
        `contactEmail: ${M.badEmail}`,
      ],
      [
        { contactName: 'x'.repeat(121), contactEmail: null },
        'contactName',
        `contactName: ${M.nameTooLong}`,
      ],
      [
        { contactName: 'Ada\nLovelace', contactEmail: null },
        'contactName',
        `contactName: ${M.nameOneLine}`,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(admin, bioId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ field, message });
    }
    // Both fields are always sent: leaving one out is not "keep it".
    const partial = await put(admin, bioId, { contactName: null });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ field: 'contactEmail', message: /is required/ });
    const badFilter = await callAs(ctx, admin, getDepartmentContacts, {
      query: { withoutContact: 'yes' },
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().field).toBe('withoutContact');
  });

  it('answers 404 naming departmentId for another store’s department or one that does not exist', async () => {
    for (const id of [foreignId, 999_999]) {
      const res = await put(admin, id, { contactName: null, contactEmail: 'x@store-a.test' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        field: 'departmentId',
        message: CONTACT_MESSAGES.departmentNotFound,
      });
    }
    expect(await stored(foreignId)).toEqual({ name: null, email: null });
  });

  it('lets a division’s campaign manager see and set its departments only, and no one without the action', async () => {
    const north = await signIn(ctx, 'north-cma@store-a.test');
    expect((await list(north)).departments.map((d) => d.code)).toEqual(['ART']);
    expect(
      (await put(north, artId, { contactName: 'Art Chair', contactEmail: null })).statusCode,
    ).toBe(200);
    expect((await put(north, bioId, { contactName: 'X', contactEmail: null })).statusCode).toBe(
      404,
    );

    // A grant on one department is not the division's campaign.
    const bio = await signIn(ctx, 'bio-cma@store-a.test');
    expect(await list(bio)).toEqual({ departments: [], recordCount: 0 });
    expect((await put(bio, bioId, { contactName: 'X', contactEmail: null })).statusCode).toBe(404);

    const instructor = await signIn(ctx, 'instructor@store-a.test');
    expect((await callAs(ctx, instructor, getDepartmentContacts)).statusCode).toBe(403);
    expect(
      (await put(instructor, bioId, { contactName: 'X', contactEmail: null })).statusCode,
    ).toBe(403);
    expect(await stored(bioId)).toEqual({ name: null, email: null });
  });
});
