import { websiteOrigin } from '../../../lib/website-origin.ts';
import type { WebsiteInput } from './onboarding-input.ts';
import {
  createAdministrator,
  createWebsite,
  inviteAccount,
  OnboardingError,
  requireHostFree,
  type InvitationOutcome,
  type OnboardingDeps,
  type Outcome,
} from './onboarding.ts';
import { SAML_PATHS, websiteSearchString } from '@csp/contracts';
import { insertStoreAudit } from '../settings/settings-repository.ts';
import * as repo from './store-repository.ts';

async function requireStore(deps: OnboardingDeps, ref: string): Promise<repo.StoreRow> {
  const store = await repo.findStoreByRef(deps.db, ref);
  if (!store) {
    throw new OnboardingError(
      `No store has the code ${ref}. \`npm run store -- list\` shows the stores.`,
    );
  }
  return store;
}

/** `npm run store -- add-website`: another branded website of an existing store. */
export async function addWebsite(
  deps: OnboardingDeps,
  ref: string,
  input: WebsiteInput,
): Promise<repo.WebsiteRow & { outcome: Outcome; origin: string }> {
  const store = await requireStore(deps, ref);
  const { website, outcome } = await deps.db.transaction(async (tx) => {
    const existing = await requireHostFree(tx, input.host, store.id);
    if (existing) return { website: existing, outcome: 'existing' as const };
    return { website: await createWebsite(tx, store, input), outcome: 'created' as const };
  });
  return { ...website, outcome, origin: websiteOrigin(website, deps.config) };
}

/**
 * `npm run store -- remove-website`: a store keeps at least one website (without one nobody
 * could reach it to sign in); its single sign-on set-up goes with the website.
 */
export async function removeWebsite(
  deps: OnboardingDeps,
  hostName: string,
): Promise<{ outcome: 'removed' | 'absent'; storeRef?: string }> {
  return deps.db.transaction(async (tx) => {
    const website = await repo.findWebsiteByHost(tx, hostName);
    if (!website) return { outcome: 'absent' as const };
    const siblings = await repo.listWebsitesOfStore(tx, website.locationId);
    const store = (await repo.listStores(tx)).find((s) => s.id === website.locationId);
    if (siblings.length <= 1) {
      throw new OnboardingError(
        `${hostName} is the only website of ${store?.externalRef ?? 'its store'}: add another website first.`,
      );
    }
    await repo.deleteWebsite(tx, website);
    return { outcome: 'removed' as const, storeRef: store?.externalRef };
  });
}

export interface MovedWebsite {
  outcome: 'moved' | 'existing';
  from: string;
  host: string;
  origin: string;
  /** What the operator must still do for the move to be complete, in words. */
  followUps: string[];
}

/** A public address naming the old host names the new one, with its scheme and port kept. */
function movedPublicUrl(publicUrl: string | null, fromHost: string, toHost: string) {
  if (!publicUrl) return null;
  const url = new URL(publicUrl);
  if (websiteSearchString(url.host) !== fromHost) return publicUrl;
  url.hostname = toHost;
  return url.origin;
}

/**
 * `npm run store -- move-website`: the website answers at a new host from now on, keeping its
 * branding, logos, single sign-on and history; a public address naming the old host follows it.
 * A host is the operator's (DNS, TLS, the proxy), so it moves by command rather than on the
 * settings screen. Run again, it reports the move done.
 */
export async function moveWebsite(
  deps: OnboardingDeps,
  fromHost: string,
  toHost: string,
): Promise<MovedWebsite> {
  const { website, outcome } = await deps.db.transaction(async (tx) => {
    const [current, target] = await Promise.all([
      repo.findWebsiteByHost(tx, fromHost),
      repo.findWebsiteByHost(tx, toHost),
    ]);
    if (!current && target) return { website: target, outcome: 'existing' as const };
    if (!current) {
      throw new OnboardingError(
        `No website has the host ${fromHost}. \`npm run store -- list\` shows the websites.`,
      );
    }
    if (target) {
      throw new OnboardingError(
        `The host ${toHost} is already a website: remove it first, or choose another host.`,
      );
    }
    const moved = { host: toHost, publicUrl: movedPublicUrl(current.publicUrl, fromHost, toHost) };
    await repo.updateWebsiteHost(tx, current.id, moved);
    await insertStoreAudit(tx, {
      locationId: current.locationId,
      actorAccountId: null,
      event: 'WEBSITE_CHANGED',
      before: { host: fromHost, publicUrl: current.publicUrl },
      after: moved,
      at: deps.now(),
    });
    return { website: { ...current, ...moved }, outcome: 'moved' as const };
  });
  const origin = websiteOrigin(website, deps.config);
  const followUps =
    website.ssoType === 'SAML'
      ? [
          `Single sign-on: the portal's address for the identity provider changed with the host. Give the provider the new metadata, ${origin}${SAML_PATHS.metadata}, or nobody can sign in through it.`,
        ]
      : [];
  return { outcome, from: fromHost, host: toHost, origin, followUps };
}

/**
 * `npm run store -- invite`: another administrator, or the first one's invitation again
 * (`--resend` when a link is still live, e.g. the first e-mail was lost).
 */
export async function inviteAdministrator(
  deps: OnboardingDeps,
  ref: string,
  admin: { email: string; name: string },
  options: { resend?: boolean } = {},
): Promise<{ outcome: Outcome; invitation: InvitationOutcome }> {
  const store = await requireStore(deps, ref);
  const [website] = await repo.listWebsitesOfStore(deps.db, store.id);
  if (!website) throw new OnboardingError(`${store.externalRef} has no website to sign in on.`);
  const { accountId, outcome } = await deps.db.transaction(async (tx) => {
    const existing = await repo.findStoreAccountByEmail(tx, store.id, admin.email);
    if (existing) return { accountId: existing.id, outcome: 'existing' as const };
    const id = await createAdministrator(tx, deps.now(), store.id, admin);
    return { accountId: id, outcome: 'created' as const };
  });
  const invitation = await inviteAccount(deps, {
    locationId: store.id,
    accountId,
    email: admin.email,
    name: admin.name,
    origin: websiteOrigin(website, deps.config),
    resend: options.resend ?? false,
  });
  return { outcome, invitation };
}

/** `npm run store -- list`: every store with its websites and how many accounts it has. */
export async function listStoresWithWebsites(deps: Pick<OnboardingDeps, 'db' | 'config'>) {
  const stores = await repo.listStores(deps.db);
  return Promise.all(
    stores.map(async (store) => ({
      ...store,
      websites: (await repo.listWebsitesOfStore(deps.db, store.id)).map((w) => ({
        host: w.host,
        siteTitle: w.siteTitle,
        ssoType: w.ssoType,
        origin: websiteOrigin(w, deps.config),
      })),
    })),
  );
}
