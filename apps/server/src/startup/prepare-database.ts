import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference-data.ts';
import { hasAnyStore, isDemoSeeded, seedDemo } from '../db/seed/demo.ts';

/**
 * Reference data (roles, actions...) at every start; the demo data set too when SEED_DEMO is on
 * and the database has no store at all yet. Returns whether demo data is present, for the start banner.
 */
export async function prepareDatabase(
  db: Db,
  seedDemoEnabled: boolean,
  logger: FastifyBaseLogger,
): Promise<{ demoSeeded: boolean }> {
  await ensureReferenceData(db);
  if (await isDemoSeeded(db)) return { demoSeeded: true };
  // A database with a store of its own (npm run store -- create) is never given the demo too.
  if (!seedDemoEnabled || (await hasAnyStore(db))) return { demoSeeded: false };
  logger.info('seeding demo data (SEED_DEMO=true, empty database)');
  const started = Date.now();
  await seedDemo(db);
  logger.info({ ms: Date.now() - started }, 'demo data seeded');
  return { demoSeeded: true };
}
