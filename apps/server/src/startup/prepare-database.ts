import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference-data.ts';
import { isDemoSeeded, seedDemo } from '../db/seed/demo.ts';

/**
 * Reference data (roles, actions...) at every start; the demo data set too when SEED_DEMO is on
 * and the database has none yet. Returns whether demo data is present, for the start banner.
 */
export async function prepareDatabase(
  db: Db,
  seedDemoEnabled: boolean,
  logger: FastifyBaseLogger,
): Promise<{ demoSeeded: boolean }> {
  await ensureReferenceData(db);
  if (await isDemoSeeded(db)) return { demoSeeded: true };
  if (!seedDemoEnabled) return { demoSeeded: false };
  logger.info('seeding demo data (SEED_DEMO=true, empty database)');
  const started = Date.now();
  await seedDemo(db);
  logger.info({ ms: Date.now() - started }, 'demo data seeded');
  return { demoSeeded: true };
}
