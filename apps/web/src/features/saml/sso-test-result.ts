import { SSO_TEST_QUERY, type SsoTestOutcome } from '@csp/contracts';

/**
 * What the test page's address says (the server's `ssoTestResultPath`). It comes from the
 * address bar, so anything may be there: an outcome it does not know, or one without its
 * details, is `unreadable` and the page says so rather than guess.
 */
export type ShownSsoTestResult =
  | { outcome: 'matched'; userName: string }
  | { outcome: 'unknown-user'; providerNames: string[] }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'unreadable' };

/** A name shown on the page: trimmed, and cut short if someone made the address up. */
const MAX_SHOWN_LENGTH = 200;
const MAX_SHOWN_NAMES = 5;

function shown(value: string | null): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  return text.length > MAX_SHOWN_LENGTH ? `${text.slice(0, MAX_SHOWN_LENGTH)}…` : text;
}

export function readSsoTestResult(search: string): ShownSsoTestResult {
  const query = new URLSearchParams(search);
  const outcome = query.get(SSO_TEST_QUERY.outcome) as SsoTestOutcome | null;
  if (outcome === 'matched') {
    const userName = shown(query.get(SSO_TEST_QUERY.userName));
    return userName ? { outcome, userName } : { outcome: 'unreadable' };
  }
  if (outcome === 'unknown-user') {
    const providerNames = query
      .getAll(SSO_TEST_QUERY.providerName)
      .map(shown)
      .filter((name): name is string => name !== null)
      .slice(0, MAX_SHOWN_NAMES);
    return { outcome, providerNames };
  }
  if (outcome === 'refused') {
    const reason = shown(query.get(SSO_TEST_QUERY.reason));
    return reason ? { outcome, reason } : { outcome: 'unreadable' };
  }
  return { outcome: 'unreadable' };
}
