import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { TestFixture } from './test-app.ts';

/** The day the textbook tests run on: the fixture's Fall 2026 term is under way. */
export const TEXTBOOK_NOW = new Date('2026-11-25T12:00:00Z');

/** Ids the textbook tests ask for. */
export interface TextbookWorld {
  fall: number;
  spring: number;
  longAgo: number;
  bio: number;
  chem: number;
  storeB: { term: number; department: number };
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('textbook world row not created');
  return row;
}

/**
 * Store A's Fall 2026 (the fixture's term): BIO 101 001 with a priced title (required) and an
 * unpriced one (recommended); 002 no text required; 003 nothing but an adoption removed from it
 * and an inactive one (To Be Determined); 004 two proposed titles, one starting with '='; BIO
 * 202 001 covered by a course adoption of the priced title and a section adoption of it too;
 * CHEM 110 001 nothing. Spring 2026 ended under a year ago; Spring 2025 long before; Winter has
 * no sections. Store B has its own term, department and a priced adoption.
 */
export async function textbookWorld(db: Db, fixture: TestFixture): Promise<TextbookWorld> {
  const a = fixture.locations.a;
  const { divisionId, termId: fall, departmentId: bio, courseId: bio101 } = fixture.catalog;
  const term = (locationId: number, division: number, name: string, start: string, end: string) =>
    one(
      db
        .insert(t.terms)
        .values({ locationId, divisionId: division, name, startDate: start, endDate: end })
        .returning(),
    ).then((r) => r.id);
  const spring = await term(a, divisionId, 'Spring 2026 - Main', '2026-01-12', '2026-05-15');
  const longAgo = await term(a, divisionId, 'Spring 2025 - Main', '2025-01-13', '2025-05-16');
  await term(a, divisionId, 'Winter 2027 - Main', '2027-01-04', '2027-01-29');

  const department = (locationId: number, division: number, code: string, name: string) =>
    one(
      db.insert(t.departments).values({ locationId, divisionId: division, code, name }).returning(),
    ).then((r) => r.id);
  const chem = await department(a, divisionId, 'CHEM', 'Chemistry');
  const course = (locationId: number, division: number, dept: number, code: string, name: string) =>
    one(
      db
        .insert(t.courses)
        .values({ locationId, divisionId: division, departmentId: dept, code, name })
        .returning(),
    ).then((r) => r.id);
  const bio202 = await course(a, divisionId, bio, '202', 'Genetics');
  const chem110 = await course(a, divisionId, chem, '110', 'General Chemistry');
  const section = (locationId: number, courseId: number, termId: number, code: string) =>
    one(
      db
        .insert(t.sections)
        .values({
          locationId,
          courseId,
          termId,
          code,
          startDate: '2026-08-24',
          endDate: '2026-12-18',
        })
        .returning(),
    ).then((r) => r.id);
  const s001 = fixture.catalog.sectionId;
  const s002 = await section(a, bio101, fall, '002');
  const s003 = await section(a, bio101, fall, '003');
  const s004 = await section(a, bio101, fall, '004');
  const s202 = await section(a, bio202, fall, '001');
  await section(a, chem110, fall, '001');
  await section(a, bio101, spring, '001');
  await section(a, bio101, longAgo, '001');

  const title = (locationId: number, values: Partial<typeof t.titles.$inferInsert>) =>
    one(
      db
        .insert(t.titles)
        .values({ locationId, ean13: '', description: '', ...values })
        .returning(),
    ).then((r) => r.id);
  const campbell = await title(a, {
    ean13: '9780134093413',
    description: 'Campbell Biology',
    author: 'Urry',
    publisher: 'Pearson',
    edition: '11',
    publishDate: '2016-01-15',
    listPriceCents: 12995,
  });
  const notebook = await title(a, {
    ean13: '9781234567897',
    description: 'Lab Notebook',
    author: 'Hayden-McNeil',
    publisher: 'Macmillan',
  });
  const proposed = (description: string, author: string, publisher: string) =>
    one(
      db
        .insert(t.proposedTitles)
        .values({ locationId: a, description, author, publisher, edition: '2' })
        .returning(),
    ).then((r) => r.id);
  const guide = await proposed('Field Guide to Café Birds', 'Sibley', 'Knopf');
  const formula = await proposed('=1+2 Workbook', '@Someone', 'Self');

  const adopt = async (
    locationId: number,
    courseId: number,
    sectionIds: { id: number; removed?: boolean }[],
    values: Partial<typeof t.adoptionMaterials.$inferInsert>,
  ) => {
    const row = await one(
      db
        .insert(t.adoptionMaterials)
        .values({
          locationId,
          courseId,
          adoptionType: 'SECTION_ADOPTION',
          startDate: '2026-08-24',
          ...values,
        })
        .returning(),
    );
    if (sectionIds.length > 0) {
      await db.insert(t.adoptionMaterialSections).values(
        sectionIds.map((s) => ({
          adoptionMaterialId: row.id,
          sectionId: s.id,
          removed: s.removed ?? false,
        })),
      );
    }
  };
  await adopt(a, bio101, [{ id: s001 }], { titleId: campbell });
  await adopt(a, bio101, [{ id: s001 }], { titleId: notebook, required: false });
  await adopt(a, bio101, [{ id: s002 }], { noTextRequired: true });
  await adopt(a, bio101, [{ id: s003, removed: true }], { titleId: campbell });
  await adopt(a, bio101, [{ id: s003 }], { titleId: notebook, active: false });
  await adopt(a, bio101, [{ id: s004 }], { proposedTitleId: guide });
  await adopt(a, bio101, [{ id: s004 }], { proposedTitleId: formula, required: false });
  await adopt(a, bio202, [], { titleId: campbell, adoptionType: 'AUTO_ADOPTION', required: false });
  await adopt(a, bio202, [{ id: s202 }], { titleId: campbell });

  const b = fixture.locations.b;
  const divisionB = await one(
    db
      .insert(t.divisions)
      .values({ locationId: b, name: 'B Campus', universityName: 'B U' })
      .returning(),
  ).then((r) => r.id);
  const termB = await term(b, divisionB, 'Fall 2026 - B', '2026-08-24', '2026-12-18');
  const departmentB = await department(b, divisionB, 'HIST', 'History');
  const courseB = await course(b, divisionB, departmentB, '100', 'World History');
  const sectionB = await section(b, courseB, termB, '001');
  const titleB = await title(b, {
    ean13: '9780393265910',
    description: 'Worlds Together',
    listPriceCents: 8000,
  });
  await adopt(b, courseB, [{ id: sectionB }], { titleId: titleB });

  return { fall, spring, longAgo, bio, chem, storeB: { term: termB, department: departmentB } };
}
