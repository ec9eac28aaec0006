/**
 * The account module's public face: sign-in, sessions, remember-me, passwords. Code outside
 * the module imports only this file (enforced by ESLint).
 */
import { modulePlugin } from '../../lib/module-plugin.ts';
import { registerAccountRoutes } from './routes.ts';
import type { PasswordSetupInput } from './password-setup.ts';
import type { ResetRateLimiter } from './reset-rate-limiter.ts';
import type { SignInLimiter } from './sign-in-limits.ts';
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

// The account module's own dependencies, declared here rather than in app-deps.ts, which would
// then import this module while this module's routes import it: a cycle.
declare module '../../app-deps.ts' {
  interface AppDeps {
    signInLimiter: SignInLimiter;
    resetLimiter: ResetRateLimiter;
    /**
     * Mails a new account the link to choose its password. The permissions module creates
     * accounts but must not import the account module (which asks it for actions): it gets this.
     */
    sendPasswordSetupEmail: (input: PasswordSetupInput) => Promise<void>;
  }
}
