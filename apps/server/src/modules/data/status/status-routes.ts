import type { FastifyInstance } from 'fastify';
import { DATA_FEEDS, getDataIntegrationStatus } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { route } from '../../../lib/route.ts';
import { listDivisions } from '../../catalog/index.ts';
import { dataReader } from '../data-access.ts';
import type { ImportJobs } from '../apply/import-jobs.ts';
import { latestImportOfEachFeed } from '../import-repository.ts';
import { storeTotals, termHoldings } from './status-repository.ts';

/**
 * The data integration status (docs/behaviour/roles.md: DATA_FULL_REPORTER or DATA_MANAGER): the newest import
 * of each feed whatever became of it (a failure shows) and, apart, the newest one applied; the
 * divisions, and what the store holds per term.
 */
export function registerStatusRoutes(app: FastifyInstance, deps: AppDeps, jobs: ImportJobs): void {
  const { db } = deps;
  route(app, getDataIntegrationStatus, { tags: ['data'] }, async ({ request }) => {
    const { locationId } = await dataReader(db, request);
    const latest = await latestImportOfEachFeed(db, locationId, DATA_FEEDS);
    const applied = await latestImportOfEachFeed(db, locationId, DATA_FEEDS, true);
    const divisions = await listDivisions(db, locationId);
    const totals = await storeTotals(db, locationId);
    return {
      feeds: DATA_FEEDS.map((feed) => {
        const row = latest.get(feed);
        const appliedRow = applied.get(feed);
        return {
          feed,
          lastImport: row ? jobs.summaryOf(row) : null,
          lastApplied: appliedRow ? jobs.summaryOf(appliedRow) : null,
        };
      }),
      divisions: divisions.map((d) => ({ divisionId: d.id, divisionName: d.name })),
      terms: await termHoldings(db, locationId),
      ...totals,
    };
  });
}
