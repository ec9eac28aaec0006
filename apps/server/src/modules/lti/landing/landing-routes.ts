import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LTI_LANDING_MESSAGES as M,
  LTI_PATHS,
  answerLtiDeepLink,
  getLtiCourseMaterials,
  getLtiDeepLink,
  getLtiStoreContact,
  tieLtiCourse,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { acceptFormBodies } from '../../../lib/form-body.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { adopter } from '../../adoption/index.ts';
import { textbookSection } from '../../research/index.ts';
import { tieCourse } from './course-pick.ts';
import { answerDeepLink, describeDeepLink } from './deep-link.ts';
import { sendDeepLinkAnswerPage } from './deep-link-page.ts';
import { findSectionLabel, findStoreContact } from './landing-repository.ts';

const TAGS = ['lti'];
/** A deep link's confirmation is two short fields. */
const FORM_BODY_LIMIT = 8 * 1024;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The portal's launch URL on the request's host, as a platform stores it in a placed link:
 * https, except on a development host (localhost, 127.0.0.1) reached over plain http.
 */
function launchUrl(request: FastifyRequest): string {
  const plain = request.protocol === 'http' && LOCAL_HOSTS.has(request.hostname);
  return `${plain ? 'http' : 'https'}://${request.host}${LTI_PATHS.launch}`;
}

/**
 * Where a launch lands (issue 33): a section's materials for a student (public, as the public
 * textbook list), the store's contact for whom to ask, the instructor's course picker's tie, and
 * deep linking's confirmation and answer.
 */
export function registerLtiLandingRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getLtiCourseMaterials, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const { locationId } = requireWebsite(request);
    const [listed, label] = await Promise.all([
      textbookSection(deps.db, locationId, query.sectionId, deps.now()),
      findSectionLabel(deps.db, locationId, query.sectionId),
    ]);
    if (!listed || !label) throw AppError.notFound(M.sectionNotFound, 'sectionId');
    return { ...listed, courseCode: `${label.departmentCode} ${label.courseCode}` };
  });

  route(app, getLtiStoreContact, { tags: TAGS, errors: [404] }, async ({ request }) =>
    findStoreContact(deps.db, requireWebsite(request).locationId),
  );

  route(app, tieLtiCourse, { tags: TAGS, errors: [403, 404, 409] }, async ({ body, request }) => {
    const grants = await adopter(request);
    return tieCourse(deps, request.session, grants, body);
  });

  route(app, getLtiDeepLink, { tags: TAGS, errors: [404, 410] }, async ({ query, request }) =>
    describeDeepLink(deps, requireWebsite(request).locationId, query.code),
  );

  // The confirmation is a real HTML form post (it works without script); the parser is this
  // route's only.
  void app.register(async (scope) => {
    acceptFormBodies(scope, FORM_BODY_LIMIT);
    route(
      scope,
      answerLtiDeepLink,
      { tags: TAGS, errors: [404, 410] },
      async ({ body, request, reply }) => {
        const answer = await answerDeepLink(deps, {
          locationId: requireWebsite(request).locationId,
          code: body.code,
          title: body.title,
          launchUrl: launchUrl(request),
        });
        return sendDeepLinkAnswerPage(reply, answer) as never;
      },
    );
  });
}
