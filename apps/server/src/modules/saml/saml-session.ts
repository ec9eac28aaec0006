import { createHash, randomBytes } from 'node:crypto';
import type { Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../app-deps.ts';
import { insertSamlSession, takeSamlSession, type SamlSessionRow } from './repository.ts';

/** The HttpOnly cookie that lets logout find the provider session (NameID, SessionIndex). */
export const SAML_SESSION_COOKIE = 'csp_saml_session';

function hashSessionKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Remembers what single logout will need; returns the cookie value (stored hashed). */
export async function startSamlSession(
  deps: AppDeps,
  websiteId: number,
  accountId: number,
  profile: Profile,
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await insertSamlSession(deps.db, {
    sessionHash: hashSessionKey(key),
    websiteId,
    accountId,
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat ?? null,
    nameQualifier: profile.nameQualifier ?? null,
    spNameQualifier: profile.spNameQualifier ?? null,
    sessionIndex: profile.sessionIndex ?? null,
    expiresAt: new Date(deps.now().getTime() + deps.config.tokenTtlMinutes * 60_000),
  });
  return key;
}

/** Takes (removes) the provider session a cookie names, if it is live and of this website. */
export async function takeSession(
  deps: AppDeps,
  websiteId: number,
  key: string | undefined,
): Promise<SamlSessionRow | null> {
  if (!key || key.length > 100) return null;
  return takeSamlSession(deps.db, websiteId, hashSessionKey(key), deps.now());
}

/** The profile node-saml needs to write a LogoutRequest for a stored session. */
export function logoutProfile(row: SamlSessionRow, issuer: string): Profile {
  return {
    issuer,
    nameID: row.nameId,
    nameIDFormat: row.nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    ...(row.nameQualifier && { nameQualifier: row.nameQualifier }),
    ...(row.spNameQualifier && { spNameQualifier: row.spNameQualifier }),
    ...(row.sessionIndex && { sessionIndex: row.sessionIndex }),
  };
}
