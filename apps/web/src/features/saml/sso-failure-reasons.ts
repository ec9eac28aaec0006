import type { SsoFailureReason } from '@csp/contracts';

/** Plain-words explanations of the reasons a failed single sign-on carries (docs/behaviour/messages.md). */
export const SSO_FAILURE_EXPLANATIONS: Record<SsoFailureReason, string> = {
  'not configured':
    'Single sign-on is not set up for this website yet. Sign in with your user name and password, or contact the store.',
  'invalid response':
    'The sign-in service sent an answer this website cannot trust. Try again; if it keeps happening, contact the store.',
  expired: 'The sign-in took too long, or the clocks of the two systems disagree. Try again.',
  'already used': 'That sign-in answer had already been used. Start the sign-in again.',
  'not started here':
    'The sign-in was not started from this website, or took longer than 10 minutes. Start it again here.',
  'unknown user':
    'Your organisation account does not match an active account at this store. Ask the store to create one for you.',
  'identity provider error':
    'The sign-in service did not sign you in (for example, the sign-in was cancelled). Try again.',
  'ticket invalid':
    'The sign-in link had already been used or had expired. Start the sign-in again.',
  'unknown student': 'This store has no student with that address at this website.',
};

const MAX_SHOWN_REASON = 120;

/**
 * The sentence to show for a reason: its explanation when known; otherwise the reason text
 * itself, shortened (it comes from the URL, so it is shown as plain text only).
 */
export function explainSsoFailure(reason: string | null): string | null {
  if (!reason) return null;
  const known = (SSO_FAILURE_EXPLANATIONS as Record<string, string | undefined>)[reason];
  if (known) return known;
  const text = reason.trim();
  return text.length > MAX_SHOWN_REASON ? `${text.slice(0, MAX_SHOWN_REASON)}…` : text;
}
