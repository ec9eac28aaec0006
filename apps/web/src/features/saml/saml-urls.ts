import { SAML_BASE, SSO_TEST_MODE } from '@csp/contracts';

/** Where the browser goes to start single sign-on; `next` comes back after the hand-off. */
export function samlLoginUrl(next: string): string {
  return `${SAML_BASE}/login?${new URLSearchParams({ next }).toString()}`;
}

/**
 * A test of the sign-in (ADR 0041): the provider's sign-in, checked as a real one, that signs
 * nobody in and ends on the test page with the account the answer matched.
 */
export function samlTestUrl(): string {
  return `${SAML_BASE}/login?${new URLSearchParams({ mode: SSO_TEST_MODE }).toString()}`;
}

/** The provider's single logout, used when the website has sloEnabled. */
export const SAML_LOGOUT_URL = `${SAML_BASE}/logout`;
