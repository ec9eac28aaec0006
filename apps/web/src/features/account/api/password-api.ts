import {
  RESET_TOKEN_PLACEHOLDER,
  requestPasswordReset,
  resetPassword,
  validateResetToken,
} from '@csp/contracts';
import { apiCall } from '../../../lib/api-client.ts';

/** Where the e-mailed link leads: this page on this website, the server fills in the token. */
export function resetUrlTemplate(origin: string = window.location.origin): string {
  return `${origin}/reset-password?token=${RESET_TOKEN_PLACEHOLDER}`;
}

export function requestReset(email: string): Promise<{ message: string }> {
  return apiCall(requestPasswordReset, { body: { email, resetUrl: resetUrlTemplate() } });
}

export function validateToken(
  token: string,
): Promise<{ valid: true; userName: string; firstPassword: boolean }> {
  return apiCall(validateResetToken, { query: { token } });
}

export function setNewPassword(token: string, newPassword: string): Promise<{ message: string }> {
  return apiCall(resetPassword, { body: { token, newPassword } });
}
