// Single sign-on has no pages of its own: its entry is the API the sign-in and logout flows use.
export { exchangeSamlTicket, fetchCurrentSession } from './api/exchange-saml-ticket.ts';
export { SAML_LOGOUT_URL, samlLoginUrl } from './saml-urls.ts';
export { explainSsoFailure } from './sso-failure-reasons.ts';
