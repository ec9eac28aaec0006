import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_HEADER, getUserActions, login, logout, resumeSession } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { requireWebsite } from '../../lib/request-context.ts';
import { registerPasswordRoutes } from './password-routes.ts';
import { warmUpSignIn } from './password-check.ts';
import * as account from './service.ts';

const TAGS = ['account'];

/** The Auth-Token header, if sent: logout needs no valid session, but ends the one it names. */
function authToken(request: FastifyRequest): string | undefined {
  const header = request.headers[AUTH_HEADER.toLowerCase()];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  warmUpSignIn();
  registerPasswordRoutes(app, deps);
  route(app, login, { tags: TAGS, errors: [401, 404, 429] }, async ({ body, request }) =>
    account.login(deps, requireWebsite(request), body, request.ip),
  );

  route(app, resumeSession, { tags: TAGS, errors: [401, 404, 429] }, async ({ body, request }) =>
    account.resume(deps, requireWebsite(request), body, request.ip),
  );

  route(app, logout, { tags: TAGS }, async ({ body, request }) => {
    await account.logout(deps, body.rememberSecret, authToken(request));
    return { ok: true as const };
  });

  route(app, getUserActions, { tags: TAGS }, async ({ query, request }) => ({
    actions: await account.getOwnActions(request.session, request.grants, query.user_name),
  }));
}
