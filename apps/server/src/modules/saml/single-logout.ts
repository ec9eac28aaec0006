import type { SamlConfig } from '@node-saml/node-saml';
// The enum alone, without the rest of node-saml (loaded on first use: heavy-modules.ts).
import { ValidateInResponseTo } from '@node-saml/node-saml/lib/types.js';
import type { AppDeps } from '../../app-deps.ts';
import type { Website } from '../../lib/request-context.ts';
import { DbRequestCache } from './request-cache.ts';
import { revokeAllSessions } from '../account/index.ts';
import { deleteSamlSessionsByNameId } from './repository.ts';
import { logoutProfile, takeSession } from './saml-session.ts';
import { REQUEST_TTL_MS, idpSettingsOf, serviceProvider, type SpUrls } from './service-provider.ts';
import { getSpKeys } from './sp-keys.ts';

export const LOGIN_PAGE = '/login';

async function spFor(
  deps: AppDeps,
  website: Website,
  urls: SpUrls,
  overrides: Partial<SamlConfig> = {},
) {
  const idp = idpSettingsOf(website);
  if (!idp) return null;
  const cache = new DbRequestCache(deps.db, website.id, REQUEST_TTL_MS, deps.now);
  return {
    idp,
    cache,
    saml: await serviceProvider(idp, urls, await getSpKeys(deps.db), cache, overrides),
  };
}

/** The InResponseTo of a LogoutResponse document (its signature has been checked). */
function logoutInResponseTo(base64: string): string | null {
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  const root = /<(?:[\w.-]+:)?LogoutResponse\b[^>]*>/.exec(xml)?.[0] ?? '';
  return /\sInResponseTo\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(root)?.slice(1).find(Boolean) ?? null;
}

/**
 * A LogoutResponse posted back (HTTP-POST). node-saml only finds InResponseTo on a
 * `Response` root, so it is told not to look, and the request id is consumed here instead.
 */
async function acceptPostedLogoutResponse(
  deps: AppDeps,
  website: Website,
  urls: SpUrls,
  body: Record<string, string>,
): Promise<void> {
  const sp = await spFor(deps, website, urls, {
    validateInResponseTo: ValidateInResponseTo.never,
  });
  if (!sp) throw new Error('the website has no complete SAML settings');
  const result = await sp.saml.validatePostResponseAsync(body);
  if (!result.loggedOut) throw new Error('not a LogoutResponse');
  const requestId = logoutInResponseTo(body['SAMLResponse'] ?? '');
  if (!requestId || !(await sp.cache.removeAsync(requestId))) {
    throw new Error(`the LogoutResponse answers no outstanding request (${requestId ?? 'none'})`);
  }
}

/**
 * Where logout sends the browser: with single logout on, a signed LogoutRequest to the IdP for
 * the provider session the cookie names; otherwise (or without such a session) the login page.
 */
export async function logoutLocation(
  deps: AppDeps,
  website: Website | null,
  urls: SpUrls,
  sessionKey: string | undefined,
): Promise<string> {
  if (!website) return LOGIN_PAGE;
  const session = await takeSession(deps, website.id, sessionKey);
  if (!website.sloEnabled || !session) return LOGIN_PAGE;
  const sp = await spFor(deps, website, urls);
  if (!sp?.idp.sloUrl) return LOGIN_PAGE;
  return sp.saml.getLogoutUrlAsync(logoutProfile(session, urls.entityId), '', {});
}

export type SloMessage =
  | { binding: 'redirect'; query: Record<string, string>; rawQuery: string }
  | { binding: 'post'; body: Record<string, string> };

/**
 * A message from the IdP at the single logout address. A LogoutResponse (to our request)
 * ends at the login page; a LogoutRequest (the IdP logging the user out everywhere) must be
 * signed, forgets the provider sessions of its NameID and is answered with a LogoutResponse.
 * Throws when the message does not verify.
 */
export async function handleSingleLogout(
  deps: AppDeps,
  website: Website | null,
  urls: SpUrls,
  message: SloMessage,
): Promise<string> {
  const sp = website ? await spFor(deps, website, urls) : null;
  if (!website || !sp) throw new Error('the website has no complete SAML settings');
  const fields = message.binding === 'redirect' ? message.query : message.body;
  const isRequest = typeof fields['SAMLRequest'] === 'string';
  if (message.binding === 'post' && !isRequest) {
    await acceptPostedLogoutResponse(deps, website, urls, message.body);
    return LOGIN_PAGE;
  }
  if (message.binding === 'redirect' && isRequest && !fields['Signature']) {
    throw new Error('an unsigned LogoutRequest');
  }
  const result =
    message.binding === 'redirect'
      ? await sp.saml.validateRedirectAsync(message.query, message.rawQuery)
      : await sp.saml.validatePostRequestAsync(message.body);
  if (!isRequest || !result.profile) return LOGIN_PAGE;
  // The identity provider ends the person's sign-in everywhere: so do we, for every session of
  // the accounts it had signed in here, not only the one whose cookie this browser holds.
  const accountIds = await deleteSamlSessionsByNameId(deps.db, website.id, result.profile.nameID);
  for (const accountId of accountIds) await revokeAllSessions(deps.db, accountId, deps.now());
  return sp.saml.getLogoutResponseUrlAsync(result.profile, fields['RelayState'] ?? '', {}, true);
}
