import { websiteSearchString } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { storeMail } from '../mail/index.ts';
import { findSiteName } from './password-reset-repository.ts';
import { resetPageLink } from './reset-link.ts';
import { resetMail } from './reset-mail.ts';
import { issueResetToken, SETUP_TOKEN_TTL_MS } from './reset-token.ts';

export interface PasswordSetupInput {
  accountId: number;
  locationId: number;
  email: string;
  name: string;
  /** The store website's address from configuration (lib/website-origin.ts), never the request's. */
  origin: string;
}

/**
 * E-mails a new account's owner a link to set their password: a reset token that works for 72
 * hours, at `{origin}/reset-password?token=...` (reset-link.ts), where `origin` is the website's
 * configured address (lib/website-origin.ts), never the request's. Throws if the mail cannot be
 * sent.
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
  const link = resetPageLink(origin, token);
  const mail = resetMail({
    kind: 'setup',
    to: input.email,
    name: input.name,
    site,
    link,
    hours: 72,
  });
  await deps.mailer.send(await storeMail(deps.db, input.locationId, mail));
}
