import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  SAML_PATHS,
  SSO_MESSAGES,
  updateWebsiteSso,
  type StoreSettingsAnswer,
  type WebsiteSsoInput,
} from '@csp/contracts';
import * as t from '../../../db/schema/index.ts';
import {
  signIn as signInWithPassword,
  type Caller,
} from '../../../test-support/permissions-test-support.ts';
import { HOST, signInSession, type SamlTestContext } from '../../../test-support/saml-test-app.ts';
import { TestIdp } from '../../../test-support/saml-test-idp.ts';
import {
  authHeaders,
  createTestApp,
  testEngines,
  type TestContext,
} from '../../../test-support/test-app.ts';
import { checkCertificate } from './idp-metadata.ts';

const engines = await testEngines();

describe('checkCertificate', () => {
  const idp = new TestIdp();
  it('reads PEM or bare base64 and refuses an expired or unreadable certificate', () => {
    const body = idp.keys.certificate.replace(/-----[A-Z ]+-----|\s/g, '');
    const fromBase64 = checkCertificate(body, new Date());
    expect(fromBase64.pem).toContain('-----BEGIN CERTIFICATE-----');
    expect(fromBase64.subject).toContain('Test IdP');
    expect(() => checkCertificate(idp.keys.certificate, new Date('2200-01-01'))).toThrow(
      /^certificate: expired on \d{4}-\d\d-\d\d; ask the identity provider/,
    );
    expect(() => checkCertificate('not a certificate', new Date())).toThrow(
      SSO_MESSAGES.badCertificate,
    );
  });
});

describe.each(engines)("a website's single sign-on from the IdP's metadata (%s)", (engine) => {
  let ctx: TestContext;
  let admin: Caller;
  const idp = new TestIdp();

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    admin = await signInWithPassword(ctx, ctx.fixture.accounts.admin.userName);
  });
  afterAll(async () => ctx?.close());

  const put = (
    sso: WebsiteSsoInput | Record<string, unknown>,
    websiteId = ctx.fixture.websites.a,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: fillPath(updateWebsiteSso.path, { userAccountId: admin.accountId, websiteId }),
      headers: authHeaders(admin.host, admin.token),
      payload: { sso },
    });

  it('turns SAML on from the metadata file, shows the certificate, and its users sign in through it', async () => {
    const res = await put({
      ssoType: 'SAML',
      metadataXml: idp.idp.getMetadata(),
      sloEnabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const site = res
      .json<StoreSettingsAnswer>()
      .websites.find((w) => w.id === ctx.fixture.websites.a);
    expect(site?.sso).toMatchObject({
      ssoType: 'SAML',
      sloEnabled: true,
      idpEntityId: idp.entityId,
      idpSsoUrl: idp.ssoUrl,
      idpSloUrl: idp.sloUrl,
      certificateSubject: expect.stringContaining('Test IdP'),
    });
    expect(new Date(site?.sso.certificateExpires ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(site?.spMetadataUrl).toMatch(new RegExp(`${SAML_PATHS.metadata}$`));
    expect(res.json<StoreSettingsAnswer>().history[0]).toMatchObject({
      event: 'WEBSITE_SSO_CHANGED',
      fields: expect.arrayContaining([`website ${HOST}: ssoType`, `website ${HOST}: idpEntityId`]),
    });

    const metadata = await ctx.app.inject({ url: SAML_PATHS.metadata, headers: { host: HOST } });
    const saml = {
      ...ctx,
      idp,
      sp: idp.serviceProvider(metadata.body),
    } as unknown as SamlTestContext;
    const { session } = await signInSession(saml, ctx.fixture.accounts.admin.userName);
    expect(session).toMatchObject({ userName: ctx.fixture.accounts.admin.userName });
  });

  it('refuses what is not an identity provider, naming the field, and keeps the set-up', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { metadataXml: '<!DOCTYPE x [<!ENTITY e "e">]><x/>' },
        SSO_MESSAGES.doctype,
        'sso.metadataXml',
      ],
      [{ metadataXml: '<EntityDescriptor' }, SSO_MESSAGES.notXml, 'sso.metadataXml'],
      [
        {
          metadataXml: (await ctx.app.inject({ url: SAML_PATHS.metadata, headers: { host: HOST } }))
            .body,
        },
        SSO_MESSAGES.noIdp,
        'sso.metadataXml',
      ],
      [
        {
          entityId: 'https://idp.test',
          ssoUrl: 'https://idp.test/sso',
          sloUrl: null,
          certificate: 'abc',
        },
        SSO_MESSAGES.badCertificate,
        'sso.certificate',
      ],
      [
        {
          entityId: 'https://idp.test',
          ssoUrl: 'https://idp.test/sso',
          sloUrl: null,
          certificate: idp.keys.certificate,
          sloEnabled: true,
        },
        SSO_MESSAGES.sloWithoutUrl,
        'sso.sloEnabled',
      ],
    ];
    for (const [fields, message, field] of cases) {
      const res = await put({ ssoType: 'SAML', sloEnabled: false, ...fields });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const [row] = await ctx.db
      .select({ entityId: t.websites.samlIdpEntityId })
      .from(t.websites)
      .where(eq(t.websites.id, ctx.fixture.websites.a));
    expect(row?.entityId).toBe(idp.entityId);
  });

  it('turns sign-on off keeping the provider for later, and answers 404 for another store', async () => {
    const off = await put({ ssoType: 'NONE' });
    expect(off.statusCode).toBe(200);
    const site = off.json<StoreSettingsAnswer>().websites[0];
    expect(site?.sso).toMatchObject({ ssoType: 'NONE', idpEntityId: idp.entityId });
    const other = await put({ ssoType: 'NONE' }, ctx.fixture.websites.b);
    expect(other.statusCode).toBe(404);
  });
});
