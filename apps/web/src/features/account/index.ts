import LoginIcon from '@mui/icons-material/Login';
import type { Feature } from '../../platform/feature-types.ts';
import { lazyPage } from '../../platform/routes/lazy-page.ts';
import { routeMeta } from '../../platform/routes/route-meta.ts';

// The session calls are the account area's public API: the app's session store uses them.
export { createHttpSessionApi } from './api/session-api.ts';

/** Sign-in and password reset: pages shown without the navigation (docs/behaviour/routes-and-guard.md). */
export const accountFeature: Feature = {
  routes: [
    {
      path: 'login',
      id: 'Login',
      meta: routeMeta({
        name: 'Login',
        title: 'Sign in',
        auth: 'none',
        navigation: false,
        guestOnly: true,
      }),
      page: lazyPage(() => import('./pages/login-page.tsx'), 'LoginPage'),
    },
    {
      path: 'reset-password',
      id: 'ResetPassword',
      meta: routeMeta({
        name: 'ResetPassword',
        title: 'Reset Password',
        auth: 'none',
        navigation: false,
      }),
      page: lazyPage(() => import('./pages/reset-password-page.tsx'), 'ResetPasswordPage'),
    },
  ],
  navItems: [
    { id: 'login', label: 'Login', to: '/login', icon: LoginIcon, audience: 'signed-out' },
  ],
};
