import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import { websiteOrigin } from '../../lib/website-origin.ts';
import { checkResetUrl, resetPageLink } from './reset-link.ts';

const ORIGIN = 'https://store-a.example.edu';

function refusal(url: string): string | null {
  try {
    checkResetUrl(url);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.field === 'resetUrl') return error.message;
    throw error;
  }
}

describe('reset links', () => {
  it('accept any caller URL that carries the placeholder in its path or query', () => {
    for (const url of [
      'http://store-a.example.edu/reset-password?token={token}',
      'http://store-a.example.edu:8443/reset-password?token={token}',
      'http://my.store-a.example.edu/reset-password?token={token}',
      'https://evil.example/reset-password?token={token}',
      '//evil.example/reset-password?token={token}',
      '/reset-password?token={token}',
      '/login?next=%2F%2Fevil.example&token={token}',
      '/somewhere/{token}',
    ]) {
      expect(refusal(url), url).toBeNull();
    }
  });

  it('are always the reset page on the given origin: nothing of the caller URL is kept', () => {
    expect(resetPageLink(ORIGIN, 'abc')).toBe(`${ORIGIN}/reset-password?token=abc`);
    expect(resetPageLink(`${ORIGIN}/`, 'a/b+c=')).toBe(
      `${ORIGIN}/reset-password?token=a%2Fb%2Bc%3D`,
    );
  });

  it('refuse a URL without the placeholder, with it only in a part that is dropped, or unparseable', () => {
    expect(refusal('https://store-a.example.edu/reset-password')).toBe(
      PASSWORD_MESSAGES.resetUrlNoPlaceholder,
    );
    expect(refusal('https://{token}.evil.example/reset-password')).toBe(
      PASSWORD_MESSAGES.resetUrlNoPlaceholder,
    );
    expect(refusal('https://store-a.example.edu/reset-password#token={token}')).toBe(
      PASSWORD_MESSAGES.resetUrlNoPlaceholder,
    );
    expect(refusal('http://[::1/reset-password?token={token}')).toBe(
      PASSWORD_MESSAGES.resetUrlForeign,
    );
  });

  it("come from configuration: the website's public_url, else PUBLIC_URL, else host and port", () => {
    const site = { host: 'store-a.test', publicUrl: null };
    expect(
      websiteOrigin(
        { ...site, publicUrl: 'https://a.example.edu/x' },
        { publicUrl: 'https://p.example', port: 3000 },
      ),
    ).toBe('https://a.example.edu');
    expect(websiteOrigin(site, { publicUrl: 'https://p.example/', port: 3000 })).toBe(
      'https://p.example',
    );
    expect(websiteOrigin(site, { publicUrl: undefined, port: 3000 })).toBe(
      'http://store-a.test:3000',
    );
    expect(websiteOrigin(site, { publicUrl: undefined, port: 80 })).toBe('http://store-a.test');
  });
});
