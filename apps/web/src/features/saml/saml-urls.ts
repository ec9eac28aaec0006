import { SAML_BASE } from '@csp/contracts';

/** Where the browser goes to start single sign-on; `next` comes back after the hand-off. */
export function samlLoginUrl(next: string): string {
  return `${SAML_BASE}/login?${new URLSearchParams({ next }).toString()}`;
}

/** The provider's single logout, used when the website has sloEnabled. */
export const SAML_LOGOUT_URL = `${SAML_BASE}/logout`;
