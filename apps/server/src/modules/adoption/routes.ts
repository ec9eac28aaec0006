import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADOPT_ACTIONS,
  ADOPTION_ACTIVITY_ACTIONS,
  CATALOG_ACTION_TYPES,
  MESSAGING_STATUSES,
  getAdoptionActivityActionList,
  getAdoptionMaterialHistory,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  postAdoptionMaterialMessage,
  removeAdoptionFromSection,
  removeProposedTitleAutoAdoption,
  getAdoptionMaterialMessagingStatusList,
  getCatalogActionList,
  getCourseUserActions,
  getProposedTitleTypes,
  getSectionsByDivisionAndCourse,
  type CatalogActionType,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { accessibleCourse } from './course-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { ADOPTION_MESSAGES as M } from './messages.ts';
import { adoptionHistory, changeSectionLink, removeProposedAutoAdoption } from './activity.ts';
import { postMessage } from './adoption-messages.ts';
import { courseAdoptions, previousAdoptions } from './materials.ts';
import { listProposedProductTypes } from './repository.ts';
import { adoptableSections } from './sections.ts';
import { registerCatalogRoutes } from './catalog-routes.ts';
import { storeAdoptionSettings } from './adoption-write-repository.ts';
import { registerWizardRoutes } from './wizard-routes.ts';

const TAGS = ['adoption'];

const named = (labels: Record<string, string>) =>
  Object.entries(labels).map(([name, label]) => ({ name, label }));

/** The adoption calls of spec §7 (adoption base) built so far; the rules live in the services. */
export function registerAdoptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerCatalogRoutes(app, deps);
  registerWizardRoutes(app, deps);

  /** The adopt area is for holders of an adopt action (spec §2 /adopt access rule). */
  const adopter = async (request: FastifyRequest) => {
    const grants = await request.grants;
    await grants.requireAny(ADOPT_ACTIONS, M.mayNotAdopt);
    return grants;
  };

  route(app, getCatalogActionList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return Object.entries(CATALOG_ACTION_TYPES).map(([actionType, label]) => ({
      actionType: actionType as CatalogActionType,
      label,
    }));
  });

  route(app, getAdoptionMaterialMessagingStatusList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return named(MESSAGING_STATUSES);
  });

  route(app, getAdoptionActivityActionList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return named(ADOPTION_ACTIVITY_ACTIONS);
  });

  route(app, getProposedTitleTypes, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return { proposedProductTypeDTOList: await listProposedProductTypes(db) };
  });

  route(app, getCourseUserActions, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const grants = await adopter(request);
    const session = request.session;
    const course = await accessibleCourse(db, session, grants, params);
    const settings = await storeAdoptionSettings(db, session.locationId);
    return {
      actions: course.actions,
      courseActions: course.courseActions,
      allowSubmittersToSelectPrintOnly: settings.allowSubmittersToSelectPrintOnly,
    };
  });

  route(
    app,
    getSectionsByDivisionAndCourse,
    { tags: TAGS, errors: [404] },
    async ({ params, request }) => {
      const grants = await adopter(request);
      const session = request.session;
      const course = await accessibleCourse(db, session, grants, params);
      return {
        potentialAdoptionSections: await adoptableSections(db, session, grants, course, deps.now()),
      };
    },
  );

  route(app, getAdoptionMaterials, { tags: TAGS, errors: [404] }, async ({ params, request }) => {
    const grants = await adopter(request);
    const session = request.session;
    const course = await accessibleCourse(db, session, grants, params);
    return { adoptionMaterials: await courseAdoptions(db, session.locationId, course) };
  });

  route(
    app,
    getAdoptionMaterialHistoryItems,
    { tags: TAGS, errors: [404] },
    async ({ query, request }) => {
      const grants = await adopter(request);
      return adoptionHistory(db, request.session, grants, query.adoptionMaterialId);
    },
  );

  route(
    app,
    postAdoptionMaterialMessage,
    { tags: TAGS, errors: [404, 429] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return postMessage(deps, request.session, grants, body);
    },
  );

  route(
    app,
    removeAdoptionFromSection,
    { tags: TAGS, errors: [404] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return changeSectionLink(deps, request.session, grants, body);
    },
  );

  route(
    app,
    getAdoptionMaterialHistory,
    { tags: TAGS, errors: [404] },
    async ({ params, query, request }) => {
      const grants = await adopter(request);
      const session = request.session;
      const course = await accessibleCourse(db, session, grants, params);
      const found = await previousAdoptions(
        db,
        session,
        course,
        query.startDateThreshold,
        deps.now(),
      );
      if (found.myAdoptions.length + found.otherAdoptions.length === 0) {
        throw AppError.notFound(M.noPreviousAdoptions);
      }
      return found;
    },
  );

  route(
    app,
    removeProposedTitleAutoAdoption,
    { tags: TAGS, errors: [404] },
    async ({ body, request }) => {
      const grants = await adopter(request);
      return removeProposedAutoAdoption(deps, request.session, grants, body.adoptionMaterialId);
    },
  );
}
