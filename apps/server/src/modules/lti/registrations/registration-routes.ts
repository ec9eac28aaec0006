import type { FastifyInstance } from 'fastify';
import {
  completeLtiDynamicRegistration,
  createLtiRegistration,
  createLtiRegistrationInvite,
  deleteLtiRegistration,
  getLtiKeySet,
  listLtiLaunches,
  listLtiRegistrations,
  LTI_REGISTRATION_MESSAGES as M,
  previewLtiCoursePattern,
  updateLtiRegistration,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../../app-deps.ts';
import { requireWebsite } from '../../../lib/request-context.ts';
import { route } from '../../../lib/route.ts';
import { storeAdministrator } from '../../store/index.ts';
import { takeRegistrationAttempt } from '../lti-limits.ts';
import { previewCoursePattern } from './course-pattern.ts';
import { completeDynamicRegistration } from './dynamic-registration.ts';
import { forgetFrameOrigins } from './frame-origins.ts';
import { createRegistrationInvite } from './invites.ts';
import { latestLaunches } from './launch-log-repository.ts';
import { deleteRegistration, listRegistrations } from './registration-repository.ts';
import {
  changeRegistration,
  createRegistration,
  launchLogEntry,
  registrationAnswer,
} from './registration-service.ts';
import { toolPublicJwk } from './tool-keys.ts';
import { ltiToolUrls } from './tool-urls.ts';

const TAGS = ['lti'];

/**
 * The store's learning platforms (issue 33, point 1): registrations, the course pattern's
 * preview, the launch log, dynamic registration and the store's public key set.
 */
export function registerLtiRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;

  route(app, listLtiRegistrations, { tags: TAGS }, async ({ request }) => {
    const { locationId } = await storeAdministrator(request);
    const rows = await listRegistrations(db, locationId);
    return {
      registrations: rows.map(registrationAnswer),
      toolUrls: ltiToolUrls(requireWebsite(request), deps.config),
    };
  });

  route(app, createLtiRegistration, { tags: TAGS, errors: [409] }, async ({ request, body }) => {
    const { locationId, accountId } = await storeAdministrator(request);
    return createRegistration(deps, locationId, accountId, body);
  });

  route(
    app,
    updateLtiRegistration,
    { tags: TAGS, errors: [404, 409] },
    async ({ request, params, body }) => {
      const { locationId } = await storeAdministrator(request);
      return changeRegistration(deps, locationId, params.registrationId, body);
    },
  );

  route(app, deleteLtiRegistration, { tags: TAGS, errors: [404] }, async ({ request, params }) => {
    const { locationId } = await storeAdministrator(request);
    const deleted = await deleteRegistration(db, locationId, params.registrationId);
    forgetFrameOrigins(db, locationId);
    if (!deleted) throw AppError.notFound(M.notFound, 'registrationId');
    return { registrationId: params.registrationId };
  });

  route(app, previewLtiCoursePattern, { tags: TAGS }, async ({ request, body }) => {
    const { locationId } = await storeAdministrator(request);
    const samples = await previewCoursePattern(db, locationId, body.coursePattern, body.sampleIds);
    return { samples };
  });

  route(app, listLtiLaunches, { tags: TAGS }, async ({ request }) => {
    const { locationId } = await storeAdministrator(request);
    return { launches: (await latestLaunches(db, locationId)).map(launchLogEntry) };
  });

  route(app, createLtiRegistrationInvite, { tags: TAGS }, async ({ request }) => {
    const { accountId } = await storeAdministrator(request);
    return createRegistrationInvite(deps, requireWebsite(request), accountId);
  });

  route(
    app,
    completeLtiDynamicRegistration,
    { tags: TAGS, errors: [404, 409, 429, 502] },
    async ({ request, body }) => {
      const website = requireWebsite(request);
      // Each attempt makes the portal call out to an address the caller names: bounded per IP.
      await takeRegistrationAttempt(deps.throttle, request.ip);
      return completeDynamicRegistration(deps, website, body);
    },
  );

  route(app, getLtiKeySet, { tags: TAGS, errors: [404] }, async ({ request }) => {
    const website = requireWebsite(request);
    return { keys: [await toolPublicJwk(deps, website.locationId)] };
  });
}
