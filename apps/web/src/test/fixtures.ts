import type { ActionName, SessionResponse, WebsiteConfig, WebsiteInfo } from '@csp/contracts';

export const WEBSITE: WebsiteInfo = {
  id: 1,
  locationId: 10,
  externalLocationRef: 'SPR',
  jsonFileName: 'springfield.json',
  ssoType: 'NONE',
  sloEnabled: false,
  name: 'Springfield University',
  siteTitle: 'Springfield University Campus Store',
};

export const CONFIG: WebsiteConfig = {
  brandPrimaryColor: '#1565c0',
  brandSecondaryColor: '#ffca28',
  logo: '/site-config/springfield-logo.png',
  logoMobile: '/site-config/springfield-logo-mobile.png',
  logoWidth: 200,
  logoHeight: 60,
  logoMobileHeight: 32,
  googleTagManagerHeader: '',
  googleTagManagerBody: '',
};

export function sessionResponse(
  overrides: Partial<SessionResponse> & { actions?: ActionName[] } = {},
): SessionResponse {
  return {
    accountId: 7,
    token: 'token-1',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    userName: 'pat@example.edu',
    name: 'Pat Lee',
    actions: [],
    rememberSecret: 'rms1.first',
    ...overrides,
  };
}
