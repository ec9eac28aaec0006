import { PASSWORD_MESSAGES } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '@csp/http-kit';
import { hashPassword } from '../../lib/password-hash.ts';
import { websiteOrigin } from '../../lib/website-origin.ts';
import type { Website } from '../../lib/request-context.ts';
import { storeMail, takeMailAllowance } from '../mail/index.ts';
import { checkPassword } from './password-policy.ts';
import {
  applyPasswordReset,
  findResetRecipients,
  findResetToken,
  type ResetTokenRow,
} from './password-reset-repository.ts';
import { checkResetUrl, resetPageLink } from './reset-link.ts';
import { resetMail } from './reset-mail.ts';
import { hashResetToken, issueResetToken, RESET_TOKEN_TTL_MS } from './reset-token.ts';

/** What the reset calls need to know about the request besides its body. */
export interface ResetRequestContext {
  website: Website;
  ip: string;
}

/**
 * Mails a reset link to the store's accounts with this e-mail address. The link goes to the
 * website's configured address, never one the request names (reset-link.ts says why even the
 * path is fixed). The answer comes right after the input check and the rate limit, which are
 * the same whether or not an account exists; looking the address up, issuing tokens and mailing
 * happen after the answer, as tracked background work, so its timing reveals nothing. Besides
 * the limits per address and client (ResetRateLimiter), every request counts against the store's
 * hourly mail limit (modules/mail), whether or not it finds an account, for the same reason.
 */
export async function requestReset(
  deps: AppDeps,
  ctx: ResetRequestContext,
  input: { email: string; resetUrl: string },
): Promise<{ message: string }> {
  checkResetUrl(input.resetUrl);
  const origin = websiteOrigin(ctx.website, deps.config);
  const email = input.email.trim().toLowerCase();
  // The store's hourly limit first: a request it refuses counts against nothing else.
  const allowance = await takeMailAllowance(deps.throttle, 'passwordReset', {
    locationId: ctx.website.locationId,
  });
  try {
    await deps.resetLimiter.take({ email: `${ctx.website.locationId}:${email}`, ip: ctx.ip });
  } catch (error) {
    await allowance.refund();
    throw error;
  }
  deps.background.run('password reset mail', () =>
    mailResetLinks(deps, ctx.website, email, origin),
  );
  return { message: PASSWORD_MESSAGES.resetRequested };
}

async function mailResetLinks(
  deps: AppDeps,
  website: Website,
  email: string,
  origin: string,
): Promise<void> {
  const recipients = await findResetRecipients(deps.db, website.locationId, email);
  for (const account of recipients) {
    const token = await issueResetToken(deps, account.id, RESET_TOKEN_TTL_MS);
    const mail = resetMail({
      kind: 'reset',
      to: account.email,
      name: account.name,
      site: website.siteTitle,
      link: resetPageLink(origin, token),
      hours: 1,
    });
    await deps.mailer.send(await storeMail(deps.db, website.locationId, mail));
  }
}

/** The token's row if it can still be used on this website; a 400 saying why not otherwise. */
async function usableToken(deps: AppDeps, website: Website, token: string): Promise<ResetTokenRow> {
  const row = await findResetToken(deps.db, hashResetToken(token.trim()));
  const invalid = AppError.badRequest(PASSWORD_MESSAGES.tokenInvalid, 'token');
  if (!row || row.locationId !== website.locationId || !row.active) throw invalid;
  if (row.usedAt) throw AppError.badRequest(PASSWORD_MESSAGES.tokenUsed, 'token');
  if (row.expiresAt.getTime() <= deps.now().getTime()) {
    throw AppError.badRequest(PASSWORD_MESSAGES.tokenExpired, 'token');
  }
  // A password changed after the token was issued makes it stale.
  if (row.passwordChangedAt && row.createdAt.getTime() < row.passwordChangedAt.getTime()) {
    throw invalid;
  }
  return row;
}

export async function validateToken(
  deps: AppDeps,
  website: Website,
  token: string,
): Promise<{ valid: true; userName: string; firstPassword: boolean }> {
  const row = await usableToken(deps, website, token);
  return { valid: true, userName: row.userName, firstPassword: row.firstPassword };
}

/**
 * Sets the new password: checks the policy, stores the argon2id hash, uses up the token,
 * deletes the account's other reset tokens, revokes every remember-me secret and audits.
 */
export async function resetPassword(
  deps: AppDeps,
  website: Website,
  input: { token: string; newPassword: string },
): Promise<{ message: string }> {
  const row = await usableToken(deps, website, input.token);
  const problem = checkPassword(input.newPassword, { email: row.email, userName: row.userName });
  if (problem) throw AppError.badRequest(problem, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const applied = await applyPasswordReset(deps.db, {
    tokenId: row.id,
    accountId: row.accountId,
    locationId: row.locationId,
    passwordHash,
    at: now,
  });
  if (!applied) throw AppError.badRequest(PASSWORD_MESSAGES.tokenUsed, 'token');
  return {
    message: row.firstPassword ? PASSWORD_MESSAGES.passwordSet : PASSWORD_MESSAGES.resetDone,
  };
}
