import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedLarge } from '../../db/seed/large.ts';
import { createTestDatabase, testEngines } from '../../test-support/test-database.ts';
import { keptSummaries, recountedSummaries } from '../../test-support/metrics-recount.ts';

const engines = await testEngines();
const TODAY = new Date('2026-09-15T12:00:00Z');

/**
 * The seeds load with the summaries' triggers deferred (and the large seed with
 * session_replication_role = replica) and rebuild them once at the end: without that rebuild
 * every figure of a seeded store would be zero.
 */
describe.each(engines)('the seeds leave the metric summaries equal to a recount (%s)', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database?.close());

  const expectInStep = async (locationId: number) => {
    const recount = await recountedSummaries(database.db, locationId);
    expect(recount.items.length).toBeGreaterThan(5);
    expect(recount.requirements.length).toBeGreaterThan(5);
    expect(recount.preferences.length).toBeGreaterThan(3);
    expect(recount.items.some((r) => r.onHoldCount > 0 && r.onTimeCount > 0)).toBe(true);
    expect(recount.items.some((r) => r.requiredBoughtCount > 0)).toBe(true);
    expect(await keptSummaries(database.db, locationId)).toEqual(recount);
  };

  it('after the demo seed, in both stores', async () => {
    const demo = await seedDemo(database.db, { today: TODAY });
    await expectInStep(demo.locationIds.storeA);
    await expectInStep(demo.locationIds.storeB);
  });

  it('after the large seed, loaded with the triggers switched off', async () => {
    const large = await seedLarge(database.db, { scale: 0.002, today: TODAY });
    await expectInStep(large.locationId);
  });
});
