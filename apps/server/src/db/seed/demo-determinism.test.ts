import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines } from '../../test-support/test-database.ts';
import { seedDemo } from './demo.ts';
import { demoSample, type DemoSample } from '../../test-support/seed-test-helpers.ts';

const TODAY = new Date('2026-03-10T12:00:00Z');

/** Seeds a fresh in-memory PGlite (from the run's migrated snapshot) and returns its sample. */
async function pgliteSample(today: Date): Promise<DemoSample> {
  const database = await createTestDatabase('pglite');
  try {
    await seedDemo(database.db, { today });
    return await demoSample(database.db);
  } finally {
    await database.close();
  }
}

let reference: DemoSample;

beforeAll(async () => {
  reference = await pgliteSample(TODAY);
});

const postgres = (await testEngines()).includes('postgres');

// Where PostgreSQL runs, its seed below is the second seed to compare with: a second PGlite seed
// would prove nothing more and cost a worker most of a minute in CI.
describe.skipIf(postgres)('seedDemo determinism', () => {
  it('produces the same titles, students, sections and rentals for the same today', async () => {
    const again = await pgliteSample(TODAY);
    expect(again.titles).toEqual(reference.titles);
    expect(again.students).toEqual(reference.students);
    expect(again.sections).toEqual(reference.sections);
    expect(again.rentals).toEqual(reference.rentals);
  });
});

it('seeds 2,000 generated and 40 real textbooks in store A and 150 in store B', () => {
  expect(reference.titles).toHaveLength(2190);
});

describe.runIf(postgres)('seedDemo on PostgreSQL', () => {
  let sample: DemoSample;
  let elapsedMs = 0;
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    // A throwaway csp_test_<random> database, dropped by close().
    const database = await createTestDatabase('postgres');
    close = database.close;
    const summary = await seedDemo(database.db, { today: TODAY });
    elapsedMs = summary.elapsedMs;
    sample = await demoSample(database.db);
  });
  afterAll(async () => {
    await close();
  });

  it('seeds the same data as on PGlite: the same titles, students, sections and rentals for the same today', () => {
    console.info(`[seed] demo seed on PostgreSQL took ${Math.round(elapsedMs)} ms`);
    expect(sample).toEqual(reference);
  });
});
