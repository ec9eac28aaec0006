import type { FastifyInstance } from 'fastify';
import { getSectionDetail, getSectionMaterials } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { isoDay } from '../../../lib/iso-day.ts';
import { route } from '../../../lib/route.ts';
import { sectionReader } from '../section-access.ts';
import { sectionDetailOf, sectionMaterialsOf } from './section-detail.ts';

const TAGS = ['research'];

/**
 * Section research's detail (docs/behaviour/calls.md#admin-base): sectionDetail and its
 * materials. Both need VIEW_SECTION (403 otherwise) and answer only a section in the caller's
 * scope of their own store (404 otherwise).
 */
export function registerSectionDetailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  route(app, getSectionDetail, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, grants } = await sectionReader(db, request);
    return sectionDetailOf(db, session, grants, query.sectionId, isoDay(deps.now()));
  });

  route(app, getSectionMaterials, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { session, grants } = await sectionReader(db, request);
    return {
      materials: await sectionMaterialsOf(db, session, grants, query.sectionId, isoDay(deps.now())),
    };
  });
}
