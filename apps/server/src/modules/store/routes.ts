import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  getStoreSettings,
  STORE_REFUSAL,
  updateStoreSettings,
  updateWebsiteBranding,
  updateWebsiteSso,
  uploadWebsiteLogo,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { AppDeps } from '../../app-deps.ts';
import { route } from '../../lib/route.ts';
import type { Session } from '../../lib/session.ts';
import * as settings from './settings/settings-service.ts';
import { updateWebsiteSso as saveWebsiteSso } from './settings/website-sso.ts';
import { replaceWebsiteLogo } from './settings/website-logo.ts';
import { readFile } from 'node:fs/promises';
import {
  fileBody,
  removeUpload,
  storeUpload,
  takeBodyAsFile,
} from '../../lib/uploads/receive-upload.ts';

const TAGS = ['store'];

/**
 * The store's settings (and its learning platforms, modules/lti) are the whole store's:
 * MANAGE_STORE held store-wide, 403 otherwise.
 */
export async function storeAdministrator(request: FastifyRequest): Promise<Session> {
  const grants = await request.grants;
  if (!grants.holdsEverywhere('MANAGE_STORE')) throw AppError.forbidden(STORE_REFUSAL);
  return request.session;
}

/** The store settings screen: its settings, websites' branding and their history. */
export function registerStoreRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, getStoreSettings, { tags: TAGS }, async ({ request }) => {
    const session = await storeAdministrator(request);
    return settings.storeSettingsAnswer(deps, session.locationId);
  });

  route(app, updateStoreSettings, { tags: TAGS, errors: [409] }, async ({ body, request }) => {
    const session = await storeAdministrator(request);
    return settings.updateStoreSettings(deps, session, body, deps.now());
  });

  route(
    app,
    updateWebsiteBranding,
    { tags: TAGS, errors: [404] },
    async ({ params, body, request }) => {
      const session = await storeAdministrator(request);
      const answer = await settings.updateWebsiteBranding(
        deps,
        session,
        params.websiteId,
        body.branding,
        deps.now(),
      );
      // This process serves the new names and colours at once; others within their cache's 30 s.
      deps.websites.clear();
      return answer;
    },
  );

  route(app, updateWebsiteSso, { tags: TAGS, errors: [404] }, async ({ params, body, request }) => {
    const session = await storeAdministrator(request);
    const answer = await saveWebsiteSso(deps, session, params.websiteId, body.sso, deps.now());
    // The sign-in reads the website's provider through the host cache: this process at once.
    deps.websites.clear();
    return answer;
  });

  // The logo's body is the image itself: a scope of its own takes any content type as the file.
  void app.register(async (scope) => {
    takeBodyAsFile(scope, LOGO_MAX_BYTES);
    route(
      scope,
      uploadWebsiteLogo,
      { tags: TAGS, errors: [404, 413] },
      async ({ params, query, request }) => {
        const session = await storeAdministrator(request);
        const body = fileBody(request, LOGO_MESSAGES.notAFile);
        const stored = await storeUpload(
          body,
          { maxBytes: LOGO_MAX_BYTES, fileKind: 'a logo' },
          { interrupted: LOGO_MESSAGES.interrupted },
        ).catch((error: unknown) => {
          // The logo's own words (what to do about it), not the spreadsheets' size message.
          if (error instanceof AppError && error.statusCode === 413) {
            throw AppError.tooLarge(LOGO_MESSAGES.tooLarge, 'file');
          }
          throw error;
        });
        try {
          const image = await readFile(stored.path);
          const answer = await replaceWebsiteLogo(
            deps,
            session,
            { websiteId: params.websiteId, kind: query.kind, image },
            deps.now(),
          );
          deps.websites.clear();
          return answer;
        } finally {
          await removeUpload(stored.path);
        }
      },
    );
  });
}
