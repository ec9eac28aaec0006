import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import {
  AUTH_HEADER,
  FILE_MEDIA_TYPES,
  SAML_PATHS,
  SSO_TEST_MODE,
  exchangeSamlTicket,
  getCurrentSession,
  getSamlMetadata,
  getSsoTestResult,
  SSO_TEST_RESULT_GONE,
  samlAssertionConsumer,
  samlLoginInfo,
  samlLogout,
  samlSingleLogoutPost,
  samlSingleLogoutRedirect,
  startSamlLogin,
} from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { loadNodeSaml } from '../../lib/heavy-modules.ts';
import { route } from '../../lib/route.ts';
import { AUTH_MESSAGES, requireWebsite } from '../../lib/request-context.ts';
import { findActiveAccount } from '../account/index.ts';
import { getPermittedActions } from '../permissions/index.ts';
import { consumeAssertion } from './assertion-consumer.ts';
import { SsoFailure, asSsoFailure, failureLocation } from './failure.ts';
import { isTestPage, safeNextPath, startNext } from './next-path.ts';
import { deleteExpiredSamlRows } from './repository.ts';
import { DbRequestCache } from './request-cache.ts';
import { SAML_SESSION_COOKIE } from './saml-session.ts';
import { formFields, rawQuery, readCookie, sessionCookie } from './http-helpers.ts';
import {
  REQUEST_TTL_MS,
  idpSettingsOf,
  serviceProvider,
  spUrls,
  EMAIL_NAME_ID_FORMAT,
} from './service-provider.ts';
import { handleSingleLogout, LOGIN_PAGE, logoutLocation } from './single-logout.ts';
import { getSpKeys } from './sp-keys.ts';
import { testResultLocation, verifyTestResult } from './test-result-token.ts';
import { exchangeTicket } from './tickets.ts';

const TAGS = ['saml'];
/** SAML messages are small; anything bigger is not one. */
const FORM_BODY_LIMIT = 256 * 1024;
/** RelayState may not exceed 80 bytes (SAML bindings §3.4.3); longer paths stay server-side. */
const RELAY_STATE_MAX_BYTES = 80;

/**
 * Sends the browser to the login page with the failure's plain reason, or a test sign-in's to
 * the test page with a signed token of the refusal (a refusal grants nothing, so `toTestPage`
 * may come from RelayState); logs the real cause.
 */
async function refuse(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  next: string | null,
  toTestPage = false,
) {
  const failure = asSsoFailure(error, toTestPage);
  const { reason, duringTest } = failure;
  request.log.warn(
    { reason, cause: failure.message, err: failure.cause, host: request.host, test: duringTest },
    'SAML sign-in refused',
  );
  const location = duringTest
    ? await testResultLocation(deps, request.website, { outcome: 'refused', reason })
    : failureLocation(reason, next);
  return reply.redirect(location, 302);
}

/**
 * The service provider (docs/behaviour/calls.md#login-and-session SAML redirect, login-info, ticket exchange, single logout).
 * The browser-facing addresses answer with redirects; the web app calls the JSON ones.
 */
export function registerSamlRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerBrowserRoutes(app, deps);

  route(app, samlLoginInfo, { tags: TAGS, errors: [404] }, async ({ request }) => {
    const website = requireWebsite(request);
    const samlEnabled = website.ssoType === 'SAML';
    const sloEnabled = samlEnabled && website.sloEnabled;
    return {
      samlEnabled,
      loginUrl: samlEnabled ? SAML_PATHS.login : null,
      logoutUrl: sloEnabled ? SAML_PATHS.logout : LOGIN_PAGE,
      sloEnabled,
    };
  });

  // The test page redeems the token the server sent it with (ADR 0041): only a token this app
  // signed for this website, in the last 10 minutes, says anything.
  route(app, getSsoTestResult, { tags: TAGS, errors: [404] }, async ({ query, request }) => {
    const website = requireWebsite(request);
    const check = await verifyTestResult(
      deps.config.jwtSecret,
      query.result,
      website.id,
      deps.now(),
    );
    if (!check.ok) throw AppError.notFound(SSO_TEST_RESULT_GONE, 'result');
    return check.result;
  });

  route(app, exchangeSamlTicket, { tags: TAGS, errors: [401, 404] }, async ({ body, request }) =>
    exchangeTicket(deps, requireWebsite(request), body),
  );

  route(app, getCurrentSession, { tags: ['account'] }, async ({ request }) => {
    const session = request.session;
    const token = String(request.headers[AUTH_HEADER.toLowerCase()] ?? '').trim();
    const account = await findActiveAccount(deps.db, session.accountId, session.locationId);
    const exp = decodeJwt(token).exp;
    if (!account || exp === undefined) throw AppError.unauthorized(AUTH_MESSAGES.expired);
    return {
      token,
      userName: account.userName,
      name: account.name,
      userAccountID: account.id,
      userAuthActions: await getPermittedActions(deps.db, account.id, session.locationId),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  });
}

/**
 * The addresses the browser itself goes to: single sign-on, the assertion consumer, single
 * logout and logout answer with redirects (every failure too, to the login page), the
 * metadata with XML.
 */
function registerBrowserRoutes(app: FastifyInstance, deps: AppDeps): void {
  const sso = { tags: TAGS };

  route(app, startSamlLogin, sso, async ({ query, request, reply }) => {
    const test = query.mode === SSO_TEST_MODE;
    const next = startNext(query);
    try {
      const website = request.website;
      const idp = idpSettingsOf(website);
      if (!website || !idp) {
        throw new SsoFailure('not configured', 'the website has no complete SAML settings');
      }
      const now = deps.now();
      await deleteExpiredSamlRows(deps.db, now);
      const cache = new DbRequestCache(deps.db, website.id, REQUEST_TTL_MS, deps.now, next);
      const saml = await serviceProvider(idp, spUrls(request), await getSpKeys(deps.db), cache);
      const relayState = Buffer.byteLength(next) <= RELAY_STATE_MAX_BYTES ? next : '';
      return reply.redirect(await saml.getAuthorizeUrlAsync(relayState, undefined, {}), 302);
    } catch (error) {
      return refuse(deps, request, reply, error, next, test);
    }
  });

  // The ACS takes an HTML form post; the parser is scoped to these routes only.
  void app.register(async (scope) => {
    acceptFormBodies(scope, FORM_BODY_LIMIT);

    route(scope, samlAssertionConsumer, sso, async ({ request, reply }) => {
      const fields = formFields(request.body);
      try {
        const result = await consumeAssertion(deps, request.website, spUrls(request), fields);
        if (result.kind === 'test') {
          request.log.info({ host: request.host, ...result.result }, 'SAML sign-in test');
          return reply.redirect(result.location, 302);
        }
        if (result.kind === 'student') return reply.redirect(result.location, 302);
        const maxAge = deps.config.tokenTtlMinutes * 60;
        reply.header('set-cookie', sessionCookie(request, result.samlSessionCookie, maxAge));
        return reply.redirect(result.location, 302);
      } catch (error) {
        const relayState = fields['RelayState'];
        const next = safeNextPath(relayState);
        return refuse(deps, request, reply, error, next, isTestPage(relayState));
      }
    });

    route(scope, samlSingleLogoutPost, sso, async ({ request, reply }) =>
      singleLogout(request, reply, 'post'),
    );
  });

  route(app, samlSingleLogoutRedirect, sso, async ({ request, reply }) =>
    singleLogout(request, reply, 'redirect'),
  );

  async function singleLogout(
    request: FastifyRequest,
    reply: FastifyReply,
    binding: 'post' | 'redirect',
  ) {
    const urls = spUrls(request);
    try {
      const location = await handleSingleLogout(
        deps,
        request.website,
        urls,
        binding === 'post'
          ? { binding, body: formFields(request.body) }
          : { binding, query: formFields(request.query), rawQuery: rawQuery(request) },
      );
      return reply.redirect(location, 302);
    } catch (error) {
      request.log.warn({ err: error, host: request.host }, 'SAML single logout message refused');
      return reply.redirect(LOGIN_PAGE, 302);
    }
  }

  route(app, samlLogout, sso, async ({ request, reply }) => {
    let location = LOGIN_PAGE;
    try {
      location = await logoutLocation(
        deps,
        request.website,
        spUrls(request),
        readCookie(request, SAML_SESSION_COOKIE),
      );
    } catch (error) {
      request.log.warn({ err: error, host: request.host }, 'SAML single logout not started');
    }
    reply.header('set-cookie', sessionCookie(request, '', 0));
    return reply.redirect(location, 302);
  });

  route(app, getSamlMetadata, { tags: TAGS, errors: [404] }, async ({ request, reply }) => {
    requireWebsite(request);
    const urls = spUrls(request);
    const keys = await getSpKeys(deps.db);
    const { generateServiceProviderMetadata } = await loadNodeSaml();
    const xml = generateServiceProviderMetadata({
      issuer: urls.entityId,
      callbackUrl: urls.acsUrl,
      logoutCallbackUrl: urls.singleLogoutUrl,
      identifierFormat: EMAIL_NAME_ID_FORMAT,
      wantAssertionsSigned: true,
      privateKey: keys.privateKey,
      publicCerts: keys.certificate,
      signatureAlgorithm: 'sha256',
    });
    return reply.type(`${FILE_MEDIA_TYPES.samlMetadata}; charset=utf-8`).send(xml);
  });
}
