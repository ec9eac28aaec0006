import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LTI_PATHS, ltiLaunch, startLtiLoginGet, startLtiLoginPost } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import { acceptFormBodies } from '../../../lib/form-body.ts';
import { route } from '../../../lib/route.ts';
import { takeLaunchStep } from '../lti-limits.ts';
import { refusedLocation } from './launch-refusal.ts';
import { launchLocation } from './launch-service.ts';
import { startLtiLogin } from './login-initiation.ts';

const TAGS = ['lti'];
/** A login initiation or a launch form is small: an id_token is a few kilobytes. */
const FORM_BODY_LIMIT = 256 * 1024;

/** The launch URL on the request's own host: the redirect_uri the platform posts back to. */
function launchUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${LTI_PATHS.launch}`;
}

/**
 * The next location of a login or launch step, unless the client's address is over its limit
 * (LTI_LIMITS): then the "too many" page, unlogged, since logging is what a flood would fill.
 */
async function limited(deps: AppDeps, request: FastifyRequest, step: () => Promise<string>) {
  if (!(await takeLaunchStep(deps.throttle, request.ip))) return refusedLocation('too-many');
  return step();
}

/**
 * The launch's browser-facing addresses (issue 33, point 2): the OIDC login initiation (GET,
 * or a form POST) and the launch (the platform's form_post). Every answer is a redirect, a
 * refusal too; nothing depends on a cookie, so a launch works in the platform's iframe.
 */
export function registerLtiLaunchRoutes(app: FastifyInstance, deps: AppDeps): void {
  const docs = { tags: TAGS };

  route(app, startLtiLoginGet, docs, async ({ query, request, reply }) =>
    reply.redirect(
      await limited(deps, request, () =>
        startLtiLogin(deps, request.website, query, launchUrl(request)),
      ),
      302,
    ),
  );

  // Platforms post forms; the parser is scoped to these routes only.
  void app.register(async (scope) => {
    acceptFormBodies(scope, FORM_BODY_LIMIT);
    // A post without a body is a request that lacks every field: refused by the page, not a 400.
    scope.addHook('preValidation', async (request) => {
      request.body ??= {};
    });

    route(scope, startLtiLoginPost, docs, async ({ body, request, reply }) =>
      reply.redirect(
        await limited(deps, request, () =>
          startLtiLogin(deps, request.website, body, launchUrl(request)),
        ),
        302,
      ),
    );

    route(scope, ltiLaunch, docs, async ({ body, request, reply }) =>
      reply.redirect(
        await limited(deps, request, () => launchLocation(deps, request.website, body)),
        302,
      ),
    );
  });
}
