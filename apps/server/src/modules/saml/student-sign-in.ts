import { IA_STUDENT_PAGE_PATH } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { Website } from '../../lib/request-context.ts';
import { issueStudentSsoCode } from '../inclusive-access/index.ts';
import { SsoFailure } from './failure.ts';
import { withQuery } from './next-path.ts';

/**
 * A student's single sign-on (ADR 0048): the names the provider sent (NameID and e-mail
 * attributes, as the staff path reads them) are matched to a student of the website's store,
 * and the browser goes to the student page with a one-time code the page exchanges for a
 * student session, as it does an e-mailed link's. No staff account is looked at, no ticket or
 * provider session is made; no match is an 'unknown student' refusal.
 */
export async function studentSignIn(
  deps: AppDeps,
  website: Website,
  userNames: readonly string[],
): Promise<string> {
  const code = await issueStudentSsoCode(deps, website, userNames);
  if (!code) {
    throw new SsoFailure(
      'unknown student',
      `no student of store ${website.locationId} has the address ${userNames.join(', ') || '(none sent)'}`,
    );
  }
  return withQuery(IA_STUDENT_PAGE_PATH, { token: code });
}
