import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token.ts';

const claims = { accountId: 7, locationId: 2, sessionId: 41 };
const secret = () => new TextEncoder().encode('a-secret-of-thirty-two-bytes-at-least!!');
const at = (iso: string) => new Date(iso);

/**
 * Session tokens are verified once and then remembered until they expire (a signed-in call no
 * longer pays jose's WebCrypto check each time): what a client notices must not change.
 */
describe('session tokens', () => {
  it('accepts its own token again and again, and refuses it from its expiry on', async () => {
    const key = secret();
    const { token } = await signSessionToken(key, claims, 30, at('2026-12-07T10:00:00Z'));
    for (const when of ['2026-12-07T10:00:00Z', '2026-12-07T10:29:59Z']) {
      expect(await verifySessionToken(key, token, at(when))).toEqual({ ok: true, claims });
    }
    expect(await verifySessionToken(key, token, at('2026-12-07T10:30:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a token another secret signed, even one this process already accepted', async () => {
    const first = secret();
    const other = new TextEncoder().encode('another-secret-of-thirty-two-bytes!!!!');
    const now = at('2026-12-07T10:00:00Z');
    const { token } = await signSessionToken(first, claims, 30, now);
    expect((await verifySessionToken(first, token, now)).ok).toBe(true);
    expect(await verifySessionToken(other, token, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token whose claims were altered after one like it was accepted', async () => {
    const key = secret();
    const now = at('2026-12-07T10:00:00Z');
    const { token } = await signSessionToken(key, claims, 30, now);
    expect((await verifySessionToken(key, token, now)).ok).toBe(true);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ loc: 2, sid: 41, sub: '8', iss: 'campus-store-portal', iat: 1, exp: 2e9 }),
    ).toString('base64url');
    expect(await verifySessionToken(key, `${header}.${forged}.${signature}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
});
