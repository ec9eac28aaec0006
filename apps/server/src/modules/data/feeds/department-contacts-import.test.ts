import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../../db/schema/index.ts';
import { createTestApp, testEngines, type TestContext } from '../../../test-support/test-app.ts';
import {
  addAccount,
  signIn,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import {
  applied,
  entity,
  issuesOf,
  removeWaitingUploads,
  storeTables,
  uploadChecked,
} from '../../../test-support/data-test-support.ts';

const engines = await testEngines();

const HEADER =
  'division,term,department,department_name,department_contact_name,department_contact_email,course,course_name,section';

/** The store's section list with its departments' contacts, as a registrar would send it. */
const csv = (...rows: string[]) => [HEADER, ...rows, ''].join('\n');

describe.each(engines)('department contacts in the sections feed (%s)', (engine) => {
  let ctx: TestContext;
  let admin: Caller;

  const contactOf = async (code: string) => {
    const [row] = await ctx.db
      .select({ name: t.departments.contactName, email: t.departments.contactEmail })
      .from(t.departments)
      .where(
        and(
          eq(t.departments.locationId, ctx.fixture.locations.a),
          eq(t.departments.code, code),
        ),
      );
    return row;
  };
  const importFile = async (file: string) => {
    const checked = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file,
    });
    expect(checked.status).toBe('VALIDATED');
    return checked;
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signIn(ctx, 'admin@store-a.test');
    // An account of the store at another domain: an address the store knows.
    await addAccount(ctx.db, ctx.fixture.locations.a, 'chem.chair@elsewhere.edu');
  });
  afterAll(async () => {
    await removeWaitingUploads(ctx);
    await ctx?.close();
  });

  it('sets contacts, leaves out a malformed or unknown address with a warning, and keeps the row', async () => {
    const file = csv(
      // The fixture's Biology: its contact is set, the address lower-cased.
      'Main Campus,Fall 2026,BIO,,Dr. Ada Lovelace,Bio.Chair@STORE-A.test,101,Intro Biology,001',
      // A new department created with its contact, from a later row of it.
      'Main Campus,Fall 2026,CHEM,Chemistry,,,110,General Chemistry,001',
      'Main Campus,Fall 2026,CHEM,Chemistry,Marie Curie,chem.chair@elsewhere.edu,110,General Chemistry,002',
      // A malformed address and one the store does not know: left out, the sections go in.
      'Main Campus,Fall 2026,HIST,History,Eric Hobsbawm,not-an-address,120,Modern Europe,001',
      'Main Campus,Fall 2026,PHYS,Physics,Lise Meitner,lise@gmail.com,130,Mechanics,001',
    );
    const checked = await importFile(file);
    expect(checked).toMatchObject({ rowsRead: 5, rowsValid: 5, rowsRejected: 0, rowsWarned: 2 });
    expect(entity(checked, 'departments')).toEqual({ added: 3, updated: 1, unchanged: 0 });
    const { body } = await issuesOf(ctx, admin, checked.importId);
    expect(body.issues.map((i) => [i.rowNumber, i.column, i.value, i.message, i.warning])).toEqual([
      [5, 'department_contact_email', 'not-an-address', 'is not an e-mail address', true],
      [
        6,
        'department_contact_email',
        'lise@gmail.com',
        'is not an account of this store or an address at one of its domains: left out',
        true,
      ],
    ]);
    // Checking writes nothing.
    expect(await contactOf('BIO')).toEqual({ name: null, email: null });

    const done = await applied(ctx, admin, checked.importId);
    expect(done.status).toBe('APPLIED');
    expect(await contactOf('BIO')).toEqual({ name: 'Dr. Ada Lovelace', email: 'bio.chair@store-a.test' });
    expect(await contactOf('CHEM')).toEqual({
      name: 'Marie Curie',
      email: 'chem.chair@elsewhere.edu',
    });
    expect(await contactOf('HIST')).toEqual({ name: 'Eric Hobsbawm', email: null });
    expect(await contactOf('PHYS')).toEqual({ name: 'Lise Meitner', email: null });

    // The same file again changes nothing at all.
    const before = await storeTables(ctx.db, ctx.fixture.locations.a);
    const again = await importFile(file);
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    expect(entity(again, 'departments')).toEqual({ added: 0, updated: 0, unchanged: 4 });
    await applied(ctx, admin, again.importId);
    expect(await storeTables(ctx.db, ctx.fixture.locations.a)).toEqual(before);
    expect(await contactOf('BIO')).toEqual({ name: 'Dr. Ada Lovelace', email: 'bio.chair@store-a.test' });
  });

  it('leaves a contact as it is where the cells are empty or the columns absent, and changes it where given', async () => {
    const kept = await importFile(csv('Main Campus,Fall 2026,BIO,,,,101,Intro Biology,001'));
    expect(entity(kept, 'departments')).toEqual({ added: 0, updated: 0, unchanged: 1 });
    await applied(ctx, admin, kept.importId);
    expect(await contactOf('BIO')).toEqual({ name: 'Dr. Ada Lovelace', email: 'bio.chair@store-a.test' });

    const noColumns = await uploadChecked(ctx, admin, {
      formatId: 'courses-sections',
      fileName: 'sections.csv',
      file: 'division,term,department,course,course_name,section\nMain Campus,Fall 2026,BIO,101,Intro Biology,001\n',
    });
    expect(entity(noColumns, 'departments')).toEqual({ added: 0, updated: 0, unchanged: 1 });

    const changed = await importFile(
      csv('Main Campus,Fall 2026,BIO,,,new.chair@store-a.test,101,Intro Biology,001'),
    );
    expect(entity(changed, 'departments')).toEqual({ added: 0, updated: 1, unchanged: 0 });
    await applied(ctx, admin, changed.importId);
    expect(await contactOf('BIO')).toEqual({ name: 'Dr. Ada Lovelace', email: 'new.chair@store-a.test' });
  });
});
