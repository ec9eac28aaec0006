// The error class alone, without the rest of node-saml (loaded on first use: heavy-modules.ts).
import { SamlStatusError } from '@node-saml/node-saml/lib/types.js';
import {
  IA_STUDENT_PAGE_PATH,
  IA_STUDENT_SSO_ERROR_QUERY,
  SAML_LOGIN_ERROR,
  type SsoFailureReason,
} from '@csp/contracts';
import { isStudentPage } from './next-path.ts';

/**
 * A refused single sign-on: `reason` is the short plain-words text the login page shows,
 * `message` (and `cause`) the real cause, which only the server log sees.
 */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
  /** The refused answer was to a test sign-in (ADR 0041): its outcome goes to the test page. */
  readonly duringTest: boolean;

  constructor(
    readonly reason: SsoFailureReason,
    message: string,
    options?: { cause?: unknown; duringTest?: boolean },
  ) {
    super(message, options);
    this.duringTest = options?.duringTest ?? false;
  }
}

/** Any error as a failure (an unexpected one is an invalid response), marked as a test's or not. */
export function asSsoFailure(error: unknown, duringTest = false): SsoFailure {
  if (error instanceof SsoFailure) {
    if (error.duringTest || !duringTest) return error;
    return new SsoFailure(error.reason, error.message, { cause: error.cause, duringTest });
  }
  return new SsoFailure('invalid response', 'unexpected error', { cause: error, duringTest });
}

/** Sorts node-saml's validation errors into the reasons a user can understand. */
export function reasonOf(error: unknown): SsoFailureReason {
  if (error instanceof SamlStatusError) return 'identity provider error';
  const message = error instanceof Error ? error.message : String(error);
  if (/InResponseTo/i.test(message)) return 'not started here';
  // node-saml says "no valid subject confirmation" when only SubjectConfirmationData expired.
  if (/expired|not yet valid|too old|no valid subject confirmation/i.test(message))
    return 'expired';
  return 'invalid response';
}

/**
 * '/login?loginError=SAMLloginerror&reason=...' (plus next when known); a student's sign-in
 * goes back to the student page instead, '/my-course-access?ssoError=...' (a refusal grants
 * nothing, so `next` may come from RelayState).
 */
export function failureLocation(reason: SsoFailureReason, next: string | null): string {
  if (isStudentPage(next)) {
    const query = new URLSearchParams({ [IA_STUDENT_SSO_ERROR_QUERY]: reason });
    return `${IA_STUDENT_PAGE_PATH}?${query.toString()}`;
  }
  const query = new URLSearchParams({ loginError: SAML_LOGIN_ERROR, reason });
  if (next) query.set('next', next);
  return `/login?${query.toString()}`;
}
