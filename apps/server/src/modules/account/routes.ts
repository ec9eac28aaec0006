import type { FastifyInstance } from 'fastify';
import { getUserActions, login, logout, resumeSession } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import { requireSession } from '../../plugins/auth.ts';
import { requireWebsite } from '../../plugins/tenancy.ts';
import { registerPasswordRoutes } from './password-routes.ts';
import * as account from './service.ts';

const TAGS = ['account'];

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  account.warmUpSignIn();
  registerPasswordRoutes(app, deps);
  route(app, login, { tags: TAGS, errors: [401, 404, 429] }, async ({ body, request }) =>
    account.login(deps, requireWebsite(request), body, request.ip),
  );

  route(app, resumeSession, { tags: TAGS, errors: [401, 404, 429] }, async ({ body, request }) =>
    account.resume(deps, requireWebsite(request), body, request.ip),
  );

  route(app, logout, { tags: TAGS }, async ({ body }) => {
    await account.logout(deps, body.rememberSecret);
    return { ok: true as const };
  });

  route(app, getUserActions, { tags: TAGS }, async ({ query, request }) => ({
    actions: await account.getOwnActions(deps, requireSession(request), query.user_name),
  }));
}
