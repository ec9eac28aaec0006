import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { withoutNul } from '../common/errors.ts';
import { ADMIN_BASE } from '../common/paths.ts';

/** Password length limits (NIST SP 800-63B), counted in Unicode code points. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The placeholder a reset URL carries where the server puts the token. */
export const RESET_TOKEN_PLACEHOLDER = '{token}';

/** Texts of the password rules and reset flow, shared so the web shows what the server says. */
export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  repeated: "Don't use a single character repeated.",
  containsEmail: "Don't use your e-mail address in your password.",
  containsUserName: "Don't use your user name in your password.",
  tooCommon: 'That password is too common. Choose another.',
  resetRequested:
    'If an account exists for that e-mail address, we have sent a link to reset the password.',
  resetDone: 'Your password has been changed. Sign in with your new password.',
  /** An invited account's first password (its set-password e-mail), not a change. */
  passwordSet: 'Your password is set. Sign in with your e-mail address and it.',
  tokenInvalid: 'This reset link is not valid. Request a new one.',
  tokenExpired: 'This reset link has expired. Request a new one.',
  tokenUsed: 'This reset link has already been used. Request a new one.',
  resetUrlNoPlaceholder: `The reset URL must contain the placeholder ${RESET_TOKEN_PLACEHOLDER}.`,
  resetUrlForeign: "The reset URL must point to this website's own address.",
  tooManyRequests: 'Too many password reset requests. Wait 15 minutes and try again.',
} as const;

/** The rules as shown next to a new-password field. */
export const PASSWORD_RULE_HINTS = [
  `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; spaces and any symbols are allowed.`,
  'Not a commonly used password.',
  'Not your e-mail address or user name.',
  'Not one character repeated.',
] as const;

/** Who the password belongs to, so it may not contain their e-mail address or user name. */
export interface PasswordOwner {
  email: string;
  userName?: string;
}

/** A local part shorter than this is only refused when it is the whole password. */
const MIN_CONTAINED_PART = 4;

function containsIdentity(lowerPassword: string, identity: string): boolean {
  const id = identity.trim().toLowerCase();
  if (!id) return false;
  if (lowerPassword.includes(id)) return true;
  const local = id.includes('@') ? id.slice(0, id.lastIndexOf('@')) : '';
  if (!local) return false;
  return local.length >= MIN_CONTAINED_PART
    ? lowerPassword.includes(local)
    : lowerPassword === local;
}

/**
 * The password rules after NIST SP 800-63B: length, no single repeated character, not the
 * owner's e-mail address or user name, not a common password (checked by `isCommon`, which the
 * server backs with its list). No composition rules. Returns the first failing rule's message,
 * or null when the password is acceptable.
 */
export function checkPasswordRules(
  password: string,
  owner: PasswordOwner,
  isCommon: (lowerPassword: string) => boolean = () => false,
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (/^(.)\1*$/su.test(password)) return PASSWORD_MESSAGES.repeated;
  const lower = password.toLowerCase();
  if (containsIdentity(lower, owner.email)) return PASSWORD_MESSAGES.containsEmail;
  if (
    owner.userName &&
    owner.userName.trim().toLowerCase() !== owner.email.trim().toLowerCase() &&
    containsIdentity(lower, owner.userName)
  ) {
    return PASSWORD_MESSAGES.containsUserName;
  }
  if (isCommon(lower)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

const resetToken = z.string().trim().min(1, PASSWORD_MESSAGES.tokenInvalid).max(256);

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: `${ADMIN_BASE}/account/requestReset`,
  summary: 'E-mail a password reset link (same answer whether or not the account exists)',
  auth: false,
  access: { kind: 'public' },
  body: z.object({
    email: withoutNul(z.string().trim().min(1, 'Enter your e-mail address.').max(254)),
    /** Where the link points, with `{token}` where the token goes; must be this site's origin. */
    resetUrl: z.string().trim().min(1, PASSWORD_MESSAGES.resetUrlNoPlaceholder).max(2048),
  }),
  response: z.object({ message: z.string() }),
});

export const validateResetToken = endpoint({
  method: 'GET',
  path: `${ADMIN_BASE}/account/validateResetToken`,
  summary: 'Check a password reset token before asking for the new password',
  auth: false,
  access: { kind: 'public', credentials: true },
  query: z.object({ token: resetToken }),
  response: z.object({
    valid: z.literal(true),
    userName: z.string(),
    /** The account has no password yet: an invitation's link sets its first one. */
    firstPassword: z.boolean(),
  }),
});

export const resetPassword = endpoint({
  method: 'PUT',
  path: `${ADMIN_BASE}/account/resetPassword`,
  summary: 'Set a new password with a reset token (ends every session of the account)',
  auth: false,
  access: { kind: 'public', credentials: true },
  body: z.object({
    token: resetToken,
    newPassword: z.string().min(1, PASSWORD_MESSAGES.tooShort).max(4096),
  }),
  response: z.object({ message: z.string() }),
});
