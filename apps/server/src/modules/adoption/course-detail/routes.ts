import type { FastifyInstance } from 'fastify';
import {
  ADOPTION_ACTIVITY_ACTIONS,
  getAdoptionActivityActionList,
  getAdoptionMaterialHistory,
  getAdoptionMaterialHistoryItems,
  getAdoptionMaterials,
  getCourseUserActions,
  getSectionsByDivisionAndCourse,
  removeAdoptionFromSection,
  removeProposedTitleAutoAdoption,
  sendFutureAdoptionsEmail,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { route } from '../../../lib/route.ts';
import { adopter, named } from '../adopter.ts';
import { accessibleCourse } from '../course-access.ts';
import { ADOPTION_MESSAGES as M } from '../messages.ts';
import { mayEditTitles } from '../titles/title-kinds.ts';
import { storeAdoptionSettings } from '../wizard/write-repository.ts';
import { adoptionHistory, changeSectionLink, removeProposedAutoAdoption } from './activity.ts';
import { sendFutureAdoptions } from './future-adoptions.ts';
import { courseAdoptions, previousAdoptions } from './materials.ts';
import { adoptableSections } from './sections.ts';

const TAGS = ['adoption'];

/** A course's adoption screen: its actions, sections, adoptions, their history and changes. */
export function registerCourseDetailRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, getAdoptionActivityActionList, { tags: TAGS }, async ({ request }) => {
    await adopter(request);
    return named(ADOPTION_ACTIVITY_ACTIONS);
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
      mayEditTitles: mayEditTitles(grants),
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

  route(
    app,
    sendFutureAdoptionsEmail,
    { tags: TAGS, errors: [404, 409, 429, 502] },
    async ({ body, params, request }) => {
      const grants = await adopter(request);
      const session = request.session;
      const course = await accessibleCourse(db, session, grants, { ...body, ...params });
      return sendFutureAdoptions(deps, request.log, session, {
        ...course,
        label: `${body.departmentCode} ${body.courseCode}`,
      });
    },
  );
}
