import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@csp/contracts';
import { AppError } from '../../lib/app-error.ts';
import { checkResetUrl } from './password-reset.ts';

const allowed = ['http://store-a.test', 'https://store-a.test', 'https://portal.example.edu/'];

function refusal(url: string): string | null {
  try {
    checkResetUrl(url, allowed);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.field === 'resetUrl') return error.message;
    throw error;
  }
}

describe('checkResetUrl', () => {
  it("accepts the request's own origin (either scheme) and PUBLIC_URL's", () => {
    expect(refusal('http://store-a.test/reset-password?token={token}')).toBeNull();
    expect(refusal('https://STORE-A.test/reset-password?token={token}')).toBeNull();
    expect(refusal('https://portal.example.edu/reset-password?token={token}')).toBeNull();
  });

  it('refuses other origins, odd URLs and a missing placeholder', () => {
    for (const url of [
      'https://store-a.test.evil.example/r?token={token}',
      'https://store-a.test:8443/r?token={token}',
      '//store-a.test/r?token={token}',
      'javascript:alert(1)//{token}',
      'https://user@evil.example/r?token={token}',
    ]) {
      expect(refusal(url), url).toBe(PASSWORD_MESSAGES.resetUrlForeign);
    }
    expect(refusal('http://store-a.test/reset-password')).toBe(
      PASSWORD_MESSAGES.resetUrlNoPlaceholder,
    );
  });
});
