import { LTI_INVITE_DAYS } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { newOneTimeCode } from '../one-time-code.ts';
import { insertInvite } from './invite-repository.ts';
import { ltiToolUrls } from './tool-urls.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A dynamic registration link for the store's administrator to paste into a platform: the
 * registration page with a single-use invite (kept hashed), valid LTI_INVITE_DAYS days.
 */
export async function createRegistrationInvite(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  website: Website,
  createdBy: number,
): Promise<{ url: string; expiresAt: string }> {
  const { code, codeHash } = newOneTimeCode();
  const expiresAt = new Date(deps.now().getTime() + LTI_INVITE_DAYS * DAY_MS);
  await insertInvite(deps.db, { codeHash, locationId: website.locationId, createdBy, expiresAt });
  const page = new URL(ltiToolUrls(website, deps.config).dynamicRegistration);
  page.searchParams.set('invite', code);
  return { url: page.toString(), expiresAt: expiresAt.toISOString() };
}
