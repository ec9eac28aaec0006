import { SSO_TEST_PATH } from '@csp/contracts';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../platform/routes/route-meta.ts';

// Single sign-on's entry is mostly the API the sign-in and logout flows use.
export { exchangeSamlTicket, fetchCurrentSession } from './api/exchange-saml-ticket.ts';
export { SAML_LOGOUT_URL, samlLoginUrl, samlTestUrl } from './saml-urls.ts';
export { explainSsoFailure } from './sso-failure-reasons.ts';

/**
 * Its one page: the result of a single-sign-on test (ADR 0041), public and without navigation,
 * for a browser that is signed in or not: it neither needs nor changes a sign-in.
 */
export const samlFeature: Feature = {
  routes: [
    {
      path: SSO_TEST_PATH.slice(1),
      id: 'SsoTest',
      meta: routeMeta({
        name: 'SsoTest',
        title: 'Single sign-on test',
        auth: 'none',
        navigation: false,
      }),
      page: lazyPage(() => import('./pages/sso-test-page.tsx'), 'SsoTestPage'),
    },
  ],
};
