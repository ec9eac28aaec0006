import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LTI_PATHS } from '@csp/contracts';
import { readAutoPost, startLtiPlatform, type LtiPlatform } from './index.ts';

/** The emulator itself, as the e2e specs drive it through a browser. */
describe('LTI platform emulator', () => {
  let platform: LtiPlatform;
  beforeAll(async () => {
    platform = await startLtiPlatform({
      shape: 'canvas',
      toolLoginUrl: `http://portal.test${LTI_PATHS.login}`,
    });
  });
  afterAll(async () => platform?.stop());

  const user = {
    id: 'u1',
    givenName: 'Ines',
    familyName: 'Instructor',
    email: 'ines@college.test',
    role: 'instructor' as const,
  };
  const course = { id: 'c1', label: 'BIO-101-001', title: 'Intro Biology' };

  it("shows a course page whose 'Course materials' opens the portal's login, in a new window or a frame", async () => {
    const launch = platform.launch(user, course);
    const page = await (await fetch(launch.coursePageUrl())).text();
    const href = /<a href="([^"]*)" target="_blank"[^>]*>Course materials<\/a>/.exec(page)?.[1];
    const loginUrl = new URL(href!.replaceAll('&amp;', '&'));
    expect(`${loginUrl.origin}${loginUrl.pathname}`).toBe(`http://portal.test${LTI_PATHS.login}`);
    expect(Object.fromEntries(loginUrl.searchParams)).toEqual(launch.loginParams);
    expect(launch.loginParams).toMatchObject({
      iss: platform.issuer,
      login_hint: 'u1',
      client_id: platform.clientId,
    });
    expect(page).not.toContain('<iframe');
    const framed = await (await fetch(launch.coursePageUrl({ frame: true }))).text();
    expect(framed).toContain(`<iframe title="Course materials" src="${href}"`);
  });

  it('answers an authorization request with a form posting the id_token and state back', async () => {
    const launch = platform.launch(user, course);
    const query = new URLSearchParams({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `http://portal.test${LTI_PATHS.launch}`,
      login_hint: 'u1',
      lti_message_hint: launch.loginParams['lti_message_hint']!,
      state: 's1',
      nonce: 'n1',
    });
    const { action, fields } = readAutoPost(
      await (await fetch(`${platform.authorizationEndpoint}?${query}`)).text(),
    );
    expect(action).toBe(`http://portal.test${LTI_PATHS.launch}`);
    expect(fields['state']).toBe('s1');
    expect(fields['id_token']).toBe(launch.issuedTokens[0]);
    // An altered message hint names no launch: an OIDC error goes back instead.
    query.set('lti_message_hint', `${launch.loginParams['lti_message_hint']}x`);
    const refused = readAutoPost(
      await (await fetch(`${platform.authorizationEndpoint}?${query}`)).text(),
    );
    expect(refused.fields).toMatchObject({ error: 'invalid_request', state: 's1' });
  });

  it('publishes its signing key, and the old one beside the new after a rotation', async () => {
    const before = await (await fetch(platform.keySetUrl)).json();
    expect(before.keys.map((k: { kid: string }) => k.kid)).toEqual([platform.key.kid]);
    const old = platform.key.kid;
    await platform.rotateKey();
    const after = await (await fetch(platform.keySetUrl)).json();
    expect(after.keys.map((k: { kid: string }) => k.kid)).toEqual([platform.key.kid, old]);
  });
});
