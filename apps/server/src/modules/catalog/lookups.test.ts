import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema/index.ts';
import { createTestDatabase, testEngines } from '../../test-support/test-database.ts';
import { seedTestFixture, type TestFixture } from '../../test-support/test-fixture.ts';
import type { Database } from '../../db/client.ts';
import {
  listDepartmentsInTerm,
  listProfessors,
  listTerms,
  resolveCatalogAncestry,
} from './index.ts';

const engines = await testEngines();

/** The lookups every area reads (docs/behaviour/calls.md#lookups), each within one store. */
describe.each(engines)('catalog lookups (%s)', (engine) => {
  let database: Database;
  let fixture: TestFixture;
  let springTermId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    fixture = await seedTestFixture(database.db);
    const { locations, catalog } = fixture;
    const [spring] = await database.db
      .insert(t.terms)
      .values({
        locationId: locations.a,
        divisionId: catalog.divisionId,
        name: 'Spring 2027 - Main',
        startDate: '2027-01-19',
        endDate: '2027-05-14',
      })
      .returning({ id: t.terms.id });
    springTermId = spring?.id ?? 0;
    // A department whose only course runs in spring, and a nameless one (imported data).
    for (const [code, name] of [
      ['CHEM', 'Chemistry'],
      ['ZZZ', ' '],
    ] as const) {
      const [dept] = await database.db
        .insert(t.departments)
        .values({ locationId: locations.a, divisionId: catalog.divisionId, code, name })
        .returning({ id: t.departments.id });
      const [course] = await database.db
        .insert(t.courses)
        .values({
          locationId: locations.a,
          divisionId: catalog.divisionId,
          departmentId: dept?.id ?? 0,
          code: '201',
          name: `${code} 201`,
        })
        .returning({ id: t.courses.id });
      await database.db.insert(t.sections).values({
        locationId: locations.a,
        courseId: course?.id ?? 0,
        termId: springTermId,
        code: '001',
        startDate: '2027-01-19',
        endDate: '2027-05-14',
      });
    }
    await database.db.insert(t.professors).values([
      { locationId: locations.a, firstName: 'Al', lastName: 'Adams' },
      { locationId: locations.b, firstName: 'Bo', lastName: 'Other-Store' },
    ]);
  });
  afterAll(async () => database?.close());

  it('lists a division’s terms newest first, and none of another store', async () => {
    const terms = await listTerms(database.db, fixture.locations.a, fixture.catalog.divisionId);
    expect(terms.map((term) => term.name)).toEqual(['Spring 2027 - Main', 'Fall 2026 - Main']);
    expect(await listTerms(database.db, fixture.locations.b, fixture.catalog.divisionId)).toEqual(
      [],
    );
  });

  it('lists the named departments with sections in a term, by name', async () => {
    const inSpring = await listDepartmentsInTerm(database.db, fixture.locations.a, springTermId);
    expect(inSpring.map((d) => d.code)).toEqual(['CHEM']);
    const inFall = await listDepartmentsInTerm(
      database.db,
      fixture.locations.a,
      fixture.catalog.termId,
    );
    expect(inFall.map((d) => d.code)).toEqual(['BIO']);
  });

  it('lists the store’s professors by last name, or those teaching a course', async () => {
    const all = await listProfessors(database.db, fixture.locations.a);
    expect(all.map((p) => p.lastName)).toEqual(['Adams', 'Instructor']);
    const teaching = await listProfessors(database.db, fixture.locations.a, {
      courseId: fixture.catalog.courseId,
    });
    expect(teaching.map((p) => p.lastName)).toEqual(['Instructor']);
  });

  it('resolves stored ids to their full ancestry, and refuses another store’s', async () => {
    const { catalog, locations } = fixture;
    expect(
      await resolveCatalogAncestry(database.db, locations.a, { sectionId: catalog.sectionId }),
    ).toEqual({
      divisionId: catalog.divisionId,
      departmentId: catalog.departmentId,
      courseId: catalog.courseId,
      sectionId: catalog.sectionId,
    });
    expect(
      await resolveCatalogAncestry(database.db, locations.b, { sectionId: catalog.sectionId }),
    ).toBeNull();
  });
});
