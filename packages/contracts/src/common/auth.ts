/** Header that carries the session token on every authenticated call (docs/behaviour/calls.md). */
export const AUTH_HEADER = 'Auth-Token';

/**
 * Response header of every authenticated call: an opaque value that changes when the caller's
 * roles change, so the web app refreshes its action list without a new sign-in.
 */
export const ROLES_VERSION_HEADER = 'X-Roles-Version';

/** Placeholder stored as the password after a single-sign-on login (docs/behaviour/constants.md). */
export const SSO_PASSWORD_PLACEHOLDER = 'using sso login';

/** Local storage keys (docs/behaviour/constants.md). */
export const STORAGE_KEYS = {
  token: 'jwtToken',
  username: 'username',
  password: 'password',
} as const;

/**
 * Prefix of the revocable remember-me secret that stands in the `password` storage key instead
 * of the user's real password, so the browser never keeps a real password.
 */
export const REMEMBER_SECRET_PREFIX = 'rms1.';
