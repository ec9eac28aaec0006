import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MESSAGES, RESET_TOKEN_PLACEHOLDER } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import type { Website } from '../portal/repository.ts';
import { checkPassword } from './password-policy.ts';
import {
  applyPasswordReset,
  findResetRecipients,
  findResetToken,
  type ResetTokenRow,
} from './password-reset-repository.ts';
import { resetMail } from './reset-mail.ts';
import {
  hashResetToken,
  issueResetToken,
  newResetToken,
  RESET_TOKEN_TTL_MS,
} from './reset-token.ts';

/** What the reset calls need to know about the request besides its body. */
export interface ResetRequestContext {
  website: Website;
  /** The request's Host header; reset links may point to `http(s)://{host}`. */
  host: string;
  ip: string;
  /** Where a failed background mail is logged. */
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The reset link's origin must be the request's own or PUBLIC_URL's, and it must carry the
 * token placeholder; otherwise anyone could have us mail a link to their own site.
 */
export function checkResetUrl(resetUrl: string, allowedOrigins: string[]): void {
  if (!resetUrl.includes(RESET_TOKEN_PLACEHOLDER)) {
    throw new AppError(400, PASSWORD_MESSAGES.resetUrlNoPlaceholder, 'resetUrl');
  }
  let origin: string;
  try {
    const url = new URL(resetUrl.replaceAll(RESET_TOKEN_PLACEHOLDER, 'token'));
    origin = url.origin;
  } catch {
    throw new AppError(400, PASSWORD_MESSAGES.resetUrlForeign, 'resetUrl');
  }
  const allowed = allowedOrigins.map((o) => originOf(o)).filter((o): o is string => !!o);
  if (!allowed.includes(origin.toLowerCase())) {
    throw new AppError(400, PASSWORD_MESSAGES.resetUrlForeign, 'resetUrl');
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Mails a reset link to the store's accounts with this e-mail address. The answer, and the work
 * done before answering, are the same whether or not an account exists; the mail itself goes
 * out after the answer so its delivery time reveals nothing either.
 */
export async function requestReset(
  deps: AppDeps,
  ctx: ResetRequestContext,
  input: { email: string; resetUrl: string },
): Promise<{ message: string }> {
  // Either scheme on the request's own host: behind a TLS proxy the app itself sees http.
  checkResetUrl(input.resetUrl, [
    `http://${ctx.host}`,
    `https://${ctx.host}`,
    ...(deps.config.publicUrl ? [deps.config.publicUrl] : []),
  ]);
  const email = input.email.trim().toLowerCase();
  deps.resetLimiter.take({ email: `${ctx.website.locationId}:${email}`, ip: ctx.ip });

  const recipients = await findResetRecipients(deps.db, ctx.website.locationId, email);
  const mails = [];
  for (const account of recipients) {
    const token = await issueResetToken(deps, account.id, RESET_TOKEN_TTL_MS);
    const link = input.resetUrl.replaceAll(RESET_TOKEN_PLACEHOLDER, encodeURIComponent(token));
    mails.push(
      resetMail({
        kind: 'reset',
        to: account.email,
        name: account.name,
        site: ctx.website.siteTitle,
        link,
        hours: 1,
      }),
    );
  }
  if (recipients.length === 0) {
    // The same token work as for a real account: random bytes, a hash and one indexed query.
    const { tokenHash } = newResetToken();
    await findResetToken(deps.db, tokenHash);
  }
  for (const mail of mails) {
    deps.mailer.send(mail).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'password reset mail failed');
    });
  }
  return { message: PASSWORD_MESSAGES.resetRequested };
}

/** The token's row if it can still be used on this website; a 400 saying why not otherwise. */
async function usableToken(deps: AppDeps, website: Website, token: string): Promise<ResetTokenRow> {
  const row = await findResetToken(deps.db, hashResetToken(token.trim()));
  const invalid = new AppError(400, PASSWORD_MESSAGES.tokenInvalid, 'token');
  if (!row || row.locationId !== website.locationId || !row.active) throw invalid;
  if (row.usedAt) throw new AppError(400, PASSWORD_MESSAGES.tokenUsed, 'token');
  if (row.expiresAt.getTime() <= deps.now().getTime()) {
    throw new AppError(400, PASSWORD_MESSAGES.tokenExpired, 'token');
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
): Promise<{ valid: true; userName: string }> {
  const row = await usableToken(deps, website, token);
  return { valid: true, userName: row.userName };
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
  if (problem) throw new AppError(400, problem, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const applied = await applyPasswordReset(deps.db, {
    tokenId: row.id,
    accountId: row.accountId,
    locationId: row.locationId,
    passwordHash,
    at: now,
  });
  if (!applied) throw new AppError(400, PASSWORD_MESSAGES.tokenUsed, 'token');
  return { message: PASSWORD_MESSAGES.resetDone };
}
