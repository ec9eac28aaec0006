/**
 * The account module's public face: sign-in, sessions, remember-me, passwords. Code outside
 * the module imports only this file (enforced by ESLint).
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerAccountRoutes } from './routes.ts';
export { SignInLimiter } from './sign-in-limits.ts';
export { ResetRateLimiter } from './reset-rate-limiter.ts';
export { resolveSigningSecret } from './signing-secret.ts';
export { findLiveSession, revokeAllSessions } from './session-repository.ts';
export { verifySessionToken } from './session-token.ts';
export { findAccountByUserName, findActiveAccount } from './repository.ts';
export { issueTokenSession, type TokenSession } from './session-issuer.ts';
export { sendPasswordSetupEmail, type PasswordSetupInput } from './password-setup.ts';

/** The module as a Fastify plugin (app.ts registers it under its prefix). */
export const accountModule = modulePlugin(registerAccountRoutes);
