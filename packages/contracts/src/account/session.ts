import { z } from 'zod';
import { dbIdParam, withoutNul } from '../common/errors.ts';
import { actionName } from '../common/roles.ts';
import { endpoint } from '../common/endpoint.ts';
import { ADMIN_BASE } from '../common/paths.ts';

const userName = withoutNul(z.string().trim().min(1, 'Enter your user name').max(254));

/** What a successful login (or remember-me resume) returns: the user session of docs/behaviour/entities.md. */
export const sessionResponse = z.object({
  accountId: z.number().int(),
  token: z.string(),
  /** ISO timestamp when the token stops being accepted. */
  expiresAt: z.string(),
  userName: z.string(),
  name: z.string(),
  actions: z.array(actionName),
  /**
   * A revocable remember-me secret to keep in the `password` storage key instead of the real
   * password. Single use: each resume returns a new one.
   */
  rememberSecret: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const login = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/account/login`,
  summary: 'Log in with user name and password',
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({ userName, password: z.string().min(1, 'Enter your password').max(1024) }),
  response: sessionResponse,
});

export const resumeSession = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/account/resume`,
  summary: 'Automatic login with a stored remember-me secret (rotated on use)',
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({ userName, rememberSecret: z.string().min(1).max(512) }),
  response: sessionResponse,
});

export const logout = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/account/logout`,
  summary: 'Log out: revokes the remember-me secret given, if any',
  auth: false,
  access: { kind: 'public' },
  body: z.object({ rememberSecret: z.string().max(512).optional() }),
  response: z.object({ ok: z.literal(true) }),
});

export const getUserActions = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/:userAccountId/getUserActions`,
  summary: "The caller's permitted actions",
  auth: true,
  access: { kind: 'signedIn', self: { field: 'user_name' } },
  params: z.object({ userAccountId: dbIdParam }),
  query: z.object({ user_name: z.string().trim().min(1, 'user_name is required').max(254) }),
  response: z.object({ actions: z.array(actionName) }),
});
