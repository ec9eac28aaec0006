import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import samlify, { type ServiceProviderInstance } from 'samlify';
import { websiteSearchString } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import type { KeyPairPem } from '../lib/self-signed-cert.ts';
import { readForm, send } from './http-reply.ts';
import { EMAIL_FORMAT, signedLoginResponse } from './login-response.ts';
import { autoPostPage, loginPage } from './pages.ts';
import { listUsersForHost } from './repository.ts';
import { useXmllintSchemaValidator } from './schema-validator.ts';
import { issuerOf, octetString, serviceProviderFor } from './service-providers.ts';
import { DEV_IDP_ENTITY_ID, type devIdpUrls } from './settings.ts';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const PENDING_TTL_MS = 10 * 60_000;
const MAX_PENDING = 1000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

interface Pending {
  sp: ServiceProviderInstance;
  /** The SP's host (with port), which names the website and so the store. */
  spHost: string;
  requestId: string;
  relayState: string;
  expiresAt: number;
}

export type DevIdpHandlers = Record<
  string,
  (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>
>;

/**
 * The development IdP's pages, built with samlify: a page listing the store's active accounts
 * (no passwords), signed assertions, and single logout. Loaded on the IdP's first request, so
 * samlify and its XML libraries are not part of the portal's start.
 */
export function devIdpHandlers(options: {
  db: Db;
  keys: KeyPairPem;
  urls: ReturnType<typeof devIdpUrls>;
  logger: Logger;
}): DevIdpHandlers {
  useXmllintSchemaValidator();
  const { urls } = options;
  const pending = new Map<string, Pending>();
  const idp = samlify.IdentityProvider({
    entityID: DEV_IDP_ENTITY_ID,
    privateKey: options.keys.privateKey,
    signingCert: options.keys.certificate,
    wantAuthnRequestsSigned: true,
    wantLogoutRequestSigned: true,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: urls.ssoUrl }],
    singleLogoutService: [{ Binding: REDIRECT, Location: urls.sloUrl }],
  });

  return {
    'GET /metadata': async (_req, res) => {
      send(res, 200, 'application/samlmetadata+xml; charset=utf-8', idp.getMetadata());
    },
    'GET /sso': async (_req, res, url) => {
      const query = Object.fromEntries(url.searchParams);
      const { sp, host } = await serviceProviderFor(issuerOf(query['SAMLRequest'] ?? ''));
      const parsed = await idp.parseLoginRequest(sp, 'redirect', {
        query,
        octetString: octetString(url.search.slice(1)),
      });
      const request = parsed.extract['request'] as Record<string, string> | undefined;
      if (!request?.['id']) throw new Error('The AuthnRequest has no ID');
      const now = Date.now();
      for (const [key, item] of pending) if (item.expiresAt <= now) pending.delete(key);
      if (pending.size >= MAX_PENDING) pending.clear();
      const pendingId = randomBytes(16).toString('base64url');
      pending.set(pendingId, {
        sp,
        spHost: host,
        requestId: request['id'],
        relayState: query['RelayState'] ?? '',
        expiresAt: now + PENDING_TTL_MS,
      });
      const users = await listUsersForHost(options.db, websiteSearchString(host));
      send(res, 200, 'text/html; charset=utf-8', loginPage({ pendingId, spName: host, users }));
    },
    'POST /sso': async (req, res) => {
      const form = await readForm(req);
      const item = pending.get(form.get('pending') ?? '');
      if (!item || item.expiresAt <= Date.now()) throw new Error('This sign-in has expired');
      pending.delete(form.get('pending') ?? '');
      const users = await listUsersForHost(options.db, websiteSearchString(item.spHost));
      const user = users.find((u) => u.userName === form.get('user'));
      if (!user) throw new Error('Choose one of the listed accounts');
      const { samlResponse } = await signedLoginResponse({
        idp,
        sp: item.sp,
        inResponseTo: item.requestId,
        email: user.userName,
        displayName: user.name,
      });
      options.logger.info({ user: user.userName, sp: item.spHost }, 'dev IdP signed in a user');
      const acs = item.sp.entityMeta.getAssertionConsumerService('post');
      send(
        res,
        200,
        'text/html; charset=utf-8',
        autoPostPage({
          title: 'Signing you in…',
          action: String(Array.isArray(acs) ? acs[0] : acs),
          field: 'SAMLResponse',
          message: samlResponse,
          relayState: item.relayState,
        }),
      );
    },
    'GET /slo': async (_req, res, url) => signOut(idp, res, url),
  };
}

/** Single logout: answers the SP's signed LogoutRequest with a LogoutResponse posted back. */
async function signOut(
  idp: ReturnType<typeof samlify.IdentityProvider>,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const query = Object.fromEntries(url.searchParams);
  const { sp } = await serviceProviderFor(issuerOf(query['SAMLRequest'] ?? ''));
  const parsed = await idp.parseLogoutRequest(sp, 'redirect', {
    query,
    octetString: octetString(url.search.slice(1)),
  });
  const reply = idp.createLogoutResponse(sp, { ...parsed }, 'post', {
    relayState: query['RelayState'] ?? '',
  });
  const action = 'entityEndpoint' in reply ? reply.entityEndpoint : '';
  send(
    res,
    200,
    'text/html; charset=utf-8',
    autoPostPage({
      title: 'Signing you out…',
      action,
      field: 'SAMLResponse',
      message: reply.context,
      relayState: query['RelayState'],
    }),
  );
}
