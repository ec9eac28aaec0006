import { z } from 'zod';
import {
  SSO_MESSAGES,
  STORE_MESSAGES,
  STORE_REFUSAL,
  websiteSsoInput,
  type ActionName,
  type StoreChange,
  type StoreSettings,
  type StoreSettingsAnswer,
  type StoreWebsite,
  type WebsiteBranding,
  type WebsiteSso,
  type WebsiteSsoInput,
} from '@csp/contracts';
import { storePasswordLogin } from '../../lib/credential-storage.ts';
import { json, type StubRequest } from '../fetch-stub.ts';
import { sessionResponse } from '../fixtures.ts';
import { renderApp } from '../render-app.tsx';

export const STORE_BASE_PATH = '/app-rest/admin_portal/v1/7/store';
export const SETTINGS_PATH = `${STORE_BASE_PATH}/settings`;
export const websitePath = (id: number) => `${STORE_BASE_PATH}/websites/${id}`;
export const ssoPath = (id: number) => `${websitePath(id)}/sso`;

/** The identity provider the law website signs in through, as the server answers it. */
export const LAW_IDP: WebsiteSso = {
  ssoType: 'SAML',
  sloEnabled: true,
  idpEntityId: 'https://idp.springfield.edu/idp',
  idpSsoUrl: 'https://idp.springfield.edu/sso',
  idpSloUrl: 'https://idp.springfield.edu/slo',
  certificateSubject: 'CN=idp.springfield.edu',
  certificateExpires: '2031-06-30T12:00:00.000Z',
};

type Handler = (request: StubRequest) => Response | Promise<Response>;

export const SETTINGS: StoreSettings = {
  name: 'Springfield Campus Store',
  mailSenderName: null,
  taxRatePercent: 6.25,
  allowSubmittersToSelectPrintOnly: false,
  priceChangePercent: 10,
  ltcThresholdCents: 4000,
  libraryLicensedIsZero: true,
  costGapThresholdCents: 5000,
  courseMaterialsEmail: 'textbooks@springfield.edu',
  emailDomains: ['springfield.edu'],
  returnAddress: {
    name: 'Springfield Rental Returns',
    streetOne: '1200 University Avenue',
    streetTwo: 'Receiving Dock B',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62703',
    phone: '(217) 555-0142',
  },
  shippingMethods: [
    { code: 'PICKUP', name: 'Pick up at the store', priceCents: 0, shipsToAddress: false },
    { code: 'STANDARD', name: 'Standard shipping', priceCents: 795, shipsToAddress: true },
  ],
};

function website(id: number, host: string, ssoType: 'SAML' | 'NONE'): StoreWebsite {
  return {
    id,
    host,
    ssoType,
    name: id === 1 ? 'Springfield University' : 'Springfield Law',
    siteTitle: id === 1 ? 'Springfield University Campus Store' : 'Springfield Law Books',
    primaryColor: '#1a3d6d',
    secondaryColor: '#7a1f2b',
    publicUrl: id === 1 ? 'https://bookstore.springfield.edu' : null,
    sso:
      ssoType === 'SAML'
        ? LAW_IDP
        : {
            ssoType,
            sloEnabled: false,
            idpEntityId: null,
            idpSsoUrl: null,
            idpSloUrl: null,
            certificateSubject: null,
            certificateExpires: null,
          },
    spMetadataUrl: `http://${host}:8080/app-rest/saml/v1/metadata`,
    logo: '/site-config/logo.svg',
    logoMobile: '/site-config/logo-mobile.svg',
  };
}

export const WEBSITES: StoreWebsite[] = [
  website(1, 'springfield.localhost', 'NONE'),
  website(2, 'law.springfield.localhost', 'SAML'),
];

export const CHANGE: StoreChange = {
  id: 41,
  event: 'WEBSITE_CHANGED',
  at: '2026-11-30T15:30:00.000Z',
  actor: { userName: 'pat@example.edu', name: 'Pat Lee' },
  fields: [
    'website springfield.localhost: siteTitle',
    'website springfield.localhost: primaryColor',
  ],
  values: [
    {
      field: 'website springfield.localhost: siteTitle',
      before: 'Springfield Books',
      after: 'Springfield Campus Store',
    },
    { field: 'website springfield.localhost: primaryColor', before: '#1a3d6d', after: '#2e5e1f' },
  ],
};

/**
 * A stand-in for the four store settings endpoints, as the server answers them: a save must
 * name the current version (409 otherwise), and gives a new one; `someoneElseSaves` changes the
 * settings as another administrator would. `refuse` answers 403 to every call.
 */
export class FakeStoreServer {
  settings: StoreSettings = structuredClone(SETTINGS);
  websites: StoreWebsite[] = structuredClone(WEBSITES);
  history: StoreChange[] = [];
  private serial = 1;
  version = 'v1';
  refuse = false;
  /** What the next settings save answers instead (a 400 naming a field, a 409 in use). */
  nextSettingsAnswer: (() => Response) | null = null;
  nextBrandingAnswer: (() => Response) | null = null;
  nextSsoAnswer: (() => Response) | null = null;

  answer(): StoreSettingsAnswer {
    return {
      // As the server answers: a save that left a threshold out keeps the one stored.
      settings: {
        ...structuredClone(this.settings),
        priceChangePercent: this.settings.priceChangePercent ?? 10,
        ltcThresholdCents: this.settings.ltcThresholdCents ?? 4000,
        libraryLicensedIsZero: this.settings.libraryLicensedIsZero ?? true,
        costGapThresholdCents: this.settings.costGapThresholdCents ?? 5000,
      },
      version: this.version,
      websites: structuredClone(this.websites),
      history: structuredClone(this.history),
    };
  }

  someoneElseSaves(change: Partial<StoreSettings>) {
    this.settings = { ...this.settings, ...change };
    this.record('STORE_SETTINGS_CHANGED', Object.keys(change), 'Sam Other');
  }

  private record(event: StoreChange['event'], fields: string[], name = 'Pat Lee') {
    this.serial += 1;
    this.version = `v${this.serial}`;
    this.history.unshift({
      id: 100 + this.serial,
      event,
      at: '2026-12-01T10:00:00.000Z',
      actor: { userName: 'pat@example.edu', name },
      fields,
      values: [],
    });
  }

  private saveSettings(body: { settings: StoreSettings; version: string }): Response {
    const next = this.nextSettingsAnswer;
    this.nextSettingsAnswer = null;
    if (next) return next();
    if (body.version !== this.version) {
      return json(409, { message: STORE_MESSAGES.staleVersion, field: 'version' });
    }
    const fields = (Object.keys(body.settings) as (keyof StoreSettings)[]).filter(
      (key) => JSON.stringify(body.settings[key]) !== JSON.stringify(this.settings[key]),
    );
    this.settings = body.settings;
    if (fields.length > 0) this.record('STORE_SETTINGS_CHANGED', fields);
    return json(200, this.answer());
  }

  private saveBranding(id: number, branding: WebsiteBranding): Response {
    const next = this.nextBrandingAnswer;
    this.nextBrandingAnswer = null;
    if (next) return next();
    const site = this.websites.find((w) => w.id === id);
    if (!site) return json(404, { message: STORE_MESSAGES.websiteNotFound, field: 'websiteId' });
    Object.assign(site, branding);
    this.record('WEBSITE_CHANGED', [`website ${site.host}: siteTitle`]);
    return json(200, this.answer());
  }

  /**
   * The contract's body check, then a tiny stand-in for reading the metadata: a file naming an
   * IDPSSODescriptor is an identity provider (its entityID taken), anything else is refused.
   */
  private saveSso(id: number, body: unknown): Response {
    const next = this.nextSsoAnswer;
    this.nextSsoAnswer = null;
    if (next) return next();
    const parsed = z.object({ sso: websiteSsoInput }).safeParse(body);
    if (!parsed.success) return json(400, { message: parsed.error.message, field: 'sso' });
    const site = this.websites.find((w) => w.id === id);
    if (!site) return json(404, { message: STORE_MESSAGES.websiteNotFound, field: 'websiteId' });
    const { sso } = parsed.data;
    if ('metadataXml' in sso && !sso.metadataXml.includes('IDPSSODescriptor')) {
      return json(400, { message: SSO_MESSAGES.noIdp, field: 'sso.metadataXml' });
    }
    site.ssoType = sso.ssoType;
    site.sso = { ...site.sso, ...this.ssoAfter(sso) };
    this.record('WEBSITE_SSO_CHANGED', [`website ${site.host}: ssoType`]);
    return json(200, this.answer());
  }

  private ssoAfter(sso: WebsiteSsoInput): Partial<WebsiteSso> {
    if (sso.ssoType === 'NONE') return { ssoType: 'NONE', sloEnabled: false };
    const fields =
      'metadataXml' in sso
        ? {
            idpEntityId: /entityID="([^"]+)"/.exec(sso.metadataXml)?.[1] ?? 'https://idp.test',
            idpSsoUrl: 'https://idp.test/sso',
            idpSloUrl: 'https://idp.test/slo',
          }
        : { idpEntityId: sso.entityId, idpSsoUrl: sso.ssoUrl, idpSloUrl: sso.sloUrl };
    return {
      ...fields,
      ssoType: 'SAML',
      sloEnabled: sso.sloEnabled,
      certificateSubject: 'CN=Fake IdP',
      certificateExpires: '2032-01-31T00:00:00.000Z',
    };
  }

  handlers(): Record<string, Handler> {
    const refused = () => json(403, { message: STORE_REFUSAL });
    const guard =
      (handler: Handler): Handler =>
      (request) =>
        this.refuse ? refused() : handler(request);
    const handlers: Record<string, Handler> = {
      [`GET ${SETTINGS_PATH}`]: guard(() => json(200, this.answer())),
      [`PUT ${SETTINGS_PATH}`]: guard((request) =>
        this.saveSettings(request.body as { settings: StoreSettings; version: string }),
      ),
    };
    for (const site of WEBSITES) {
      handlers[`PUT ${websitePath(site.id)}`] = guard((request) =>
        this.saveBranding(site.id, (request.body as { branding: WebsiteBranding }).branding),
      );
      handlers[`PUT ${ssoPath(site.id)}`] = guard((request) => this.saveSso(site.id, request.body));
    }
    return handlers;
  }
}

/** The whole app at /settings/store, signed in (remember-me) as Pat with the given actions. */
export function renderStoreSettings(
  server: FakeStoreServer,
  options: { actions?: ActionName[]; path?: string; handlers?: Record<string, Handler> } = {},
) {
  storePasswordLogin({ token: 'old', username: 'pat@example.edu', rememberSecret: 'rms1.saved' });
  return renderApp(options.path ?? '/settings/store', {
    session: sessionResponse({ actions: options.actions ?? ['MANAGE_STORE'] }),
    handlers: { ...server.handlers(), ...options.handlers },
  });
}

/** The calls made to one endpoint path, e.g. `callsTo(calls, 'PUT', SETTINGS_PATH)`. */
export function callsTo(calls: StubRequest[], method: string, path: string): StubRequest[] {
  return calls.filter((c) => c.method === method && c.url.pathname === path);
}
