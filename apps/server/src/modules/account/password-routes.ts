import type { FastifyInstance } from 'fastify';
import { requestPasswordReset, resetPassword, validateResetToken } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import * as passwords from './password-reset.ts';

const TAGS = ['account'];

/** Customer passwords (docs/behaviour/calls.md): request a reset link, check its token, set the new password. */
export function registerPasswordRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, requestPasswordReset, { tags: TAGS, errors: [404, 429] }, async ({ body, request }) =>
    passwords.requestReset(deps, { website: requireWebsite(request), ip: request.ip }, body),
  );

  route(app, validateResetToken, { tags: TAGS, errors: [404] }, async ({ query, request }) =>
    passwords.validateToken(deps, requireWebsite(request), query.token),
  );

  route(app, resetPassword, { tags: TAGS, errors: [404] }, async ({ body, request }) =>
    passwords.resetPassword(deps, requireWebsite(request), body),
  );
}
