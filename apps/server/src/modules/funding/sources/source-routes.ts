import type { FastifyInstance } from 'fastify';
import {
  FUNDING_MESSAGES as M,
  createFundingSource,
  getFundingSource,
  getFundingSources,
  getFundingTerms,
  getSourceActivity,
  getSourceLedger,
  updateFundingSource,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { activityPage } from '../ledger/activity-list-repository.ts';
import { fundingManager } from '../funding-access.ts';
import { ledgerPage } from '../ledger/ledger-list-repository.ts';
import { createSource } from './source-create.ts';
import { storeTerms } from './source-read-repository.ts';
import { findSource } from './source-repository.ts';
import { updateSourceOf } from './source-update.ts';
import { fundingTermOf, storeSource, storeSources } from './source-view.ts';

const TAGS = ['funding'];

/** 404 naming sourceId unless the source is the store's. */
async function requireSource(db: Db, locationId: number, sourceId: number): Promise<void> {
  if (!(await findSource(db, locationId, sourceId)))
    throw AppError.notFound(M.sourceNotFound, 'sourceId');
}

/** Funding sources: the list, one source, create and edit, the term picker, ledger, activity. */
export function registerSourceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getFundingSources, { tags: TAGS }, async ({ request }) => {
    const session = await fundingManager(db, request);
    return { sources: await storeSources(db, session.locationId, isoDay(deps.now())) };
  });

  route(app, getFundingSource, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const session = await fundingManager(db, request);
    return storeSource(db, session.locationId, params.sourceId, isoDay(deps.now()));
  });

  route(app, createFundingSource, { tags: TAGS, errors: [404, 409] }, async ({ body, request }) => {
    const session = await fundingManager(db, request);
    return createSource(db, session, body.source, body.clientKey, deps.now());
  });

  route(
    app,
    updateFundingSource,
    { tags: TAGS, errors: [404, 409] },
    async ({ params, body, request }) => {
      const session = await fundingManager(db, request);
      return updateSourceOf(db, session, params.sourceId, body.source, body.version, deps.now());
    },
  );

  route(app, getFundingTerms, { tags: TAGS }, async ({ request }) => {
    const session = await fundingManager(db, request);
    const terms = await storeTerms(db, session.locationId);
    return {
      terms: terms.map((t) => ({
        ...fundingTermOf(t),
        startDate: t.startDate,
        endDate: t.endDate,
      })),
    };
  });

  route(app, getSourceLedger, { tags: TAGS, errors: [404] }, async ({ params, query, request }) => {
    const session = await fundingManager(db, request);
    await requireSource(db, session.locationId, params.sourceId);
    return ledgerPage(db, session.locationId, params.sourceId, query);
  });

  route(
    app,
    getSourceActivity,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const session = await fundingManager(db, request);
      await requireSource(db, session.locationId, params.sourceId);
      return activityPage(db, session.locationId, params.sourceId, query);
    },
  );
}
