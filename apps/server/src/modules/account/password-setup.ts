import { websiteSearchString } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { findSiteName } from './password-reset-repository.ts';
import { resetMail } from './reset-mail.ts';
import { issueResetToken, SETUP_TOKEN_TTL_MS } from './reset-token.ts';

export interface PasswordSetupInput {
  accountId: number;
  locationId: number;
  email: string;
  name: string;
  /** The store website's origin, e.g. `requestOrigin(request)` (lib/request-origin.ts). */
  origin: string;
}

/**
 * E-mails a new account's owner a link to set their password: a reset token that works for 72
 * hours, at `{origin}/reset-password?token=...`. Throws if the mail cannot be sent.
 */
export async function sendPasswordSetupEmail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'now'>,
  input: PasswordSetupInput,
): Promise<void> {
  const token = await issueResetToken(deps, input.accountId, SETUP_TOKEN_TTL_MS);
  const origin = input.origin.replace(/\/+$/, '');
  const site =
    (await findSiteName(deps.db, input.locationId, websiteSearchString(new URL(origin).host))) ??
    'Campus Store Portal';
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    resetMail({ kind: 'setup', to: input.email, name: input.name, site, link, hours: 72 }),
  );
}
