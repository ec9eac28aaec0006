import type { FastifyRequest } from 'fastify';
import { isPlatformUrl, LTI_PAGES } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { registrationAddresses } from './registration-repository.ts';

/**
 * Who may frame the web app's pages (issue 33: a launch opens inside the platform's iframe):
 * on a store with registrations, the origins of its platforms (the issuer's, the authorization
 * endpoint's and the registration's frameOrigins), nobody else. Only the app's HTML document
 * asks (plugins/spa.ts), and a store's answer is kept for a while so a page load costs no
 * query; a registration's change clears its store at once in this process, others within
 * KEEP_MS.
 */
const KEEP_MS = 30_000;
const kept = new WeakMap<Db, Map<number, { origins: string[]; until: number }>>();

/** The web origin of a platform's address, or null for text that is none (an issuer may be). */
function originOf(address: string): string | null {
  return isPlatformUrl(address) ? new URL(address).origin : null;
}

/** The distinct origins of a store's registrations' addresses. */
export function platformOrigins(
  registrations: { issuer: string; authorizationEndpoint: string; frameOrigins: string[] }[],
): string[] {
  const origins = registrations.flatMap((r) => [
    r.issuer,
    r.authorizationEndpoint,
    ...r.frameOrigins,
  ]);
  return [...new Set(origins.map(originOf).filter((o): o is string => o !== null))].sort();
}

export async function storeFrameOrigins(
  db: Db,
  locationId: number,
  now = Date.now(),
): Promise<string[]> {
  let stores = kept.get(db);
  if (!stores) {
    stores = new Map();
    kept.set(db, stores);
  }
  const entry = stores.get(locationId);
  if (entry && entry.until > now) return entry.origins;
  const origins = platformOrigins(await registrationAddresses(db, locationId));
  stores.set(locationId, { origins, until: now + KEEP_MS });
  return origins;
}

/** After a registration of the store changed: its pages' framing is read again. */
export function forgetFrameOrigins(db: Db, locationId: number): void {
  kept.get(db)?.delete(locationId);
}

/** How the web app's document may be shown: framed by these origins, opened by another site. */
export interface DocumentFraming {
  ancestors: string[];
  /** The page answers its opener (window.opener stays reachable: no COOP same-origin). */
  answersOpener: boolean;
}

/**
 * The framing of the web app's document for this request: the dynamic registration page, which
 * a platform not yet registered opens (in an iframe or a window), may be framed by the origin of
 * the configuration address it brings and talks back to its opener; any other page by the
 * store's platforms. Null: framed by nobody.
 */
export async function documentFraming(
  db: Db,
  request: FastifyRequest,
): Promise<DocumentFraming | null> {
  const website = request.website;
  if (!website) return null;
  const path = request.url.split('?')[0];
  if (path === LTI_PAGES.register) {
    const configuration = (request.query as Record<string, unknown>)['openid_configuration'];
    const origin = typeof configuration === 'string' ? originOf(configuration) : null;
    return { ancestors: origin ? [origin] : [], answersOpener: true };
  }
  const ancestors = await storeFrameOrigins(db, website.locationId);
  return ancestors.length > 0 ? { ancestors, answersOpener: false } : null;
}
