import { describe, expect, it } from 'vitest';
import { logoutDestination } from './use-logout.ts';

describe('logoutDestination (docs/behaviour/flows.md)', () => {
  it('sends a SAML site with single logout to the provider logout address', () => {
    expect(logoutDestination({ ssoType: 'SAML', sloEnabled: true })).toEqual({
      external: true,
      href: '/app-rest/saml/v1/logout',
    });
  });

  it('goes to /login otherwise', () => {
    for (const website of [
      { ssoType: 'SAML' as const, sloEnabled: false },
      { ssoType: 'NONE' as const, sloEnabled: true },
      null,
    ]) {
      expect(logoutDestination(website)).toEqual({ external: false, href: '/login' });
    }
  });
});
