import { PERMISSION_AUDIT_EVENTS as EVENTS } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../lib/unique-violation.ts';
import { websiteOrigin } from '../../../lib/website-origin.ts';
import { type PasswordSetupInput } from '../../account/index.ts';
import { websiteRows } from '../../../db/seed/branding.ts';
import { fileBaseFromHost, type StoreInput, type WebsiteInput } from './onboarding-input.ts';
import * as repo from './store-repository.ts';

/** What the operator commands need: the database, the clock, the mail link's origin rule. */
export interface OnboardingDeps {
  db: Db;
  now: () => Date;
  config: { publicUrl: string | undefined; port: number };
  sendPasswordSetupEmail(input: PasswordSetupInput): Promise<void>;
}

/** A clear refusal: the command prints the message and exits 1, without a stack trace. */
export class OnboardingError extends Error {
  override name = 'OnboardingError';
}

export type Outcome = 'created' | 'existing';
export type InvitationOutcome =
  | { kind: 'sent'; validUntil: Date }
  | { kind: 'already-invited'; validUntil: Date }
  | { kind: 'has-password' };

/** Why a host cannot be used: it is another store's website. */
async function requireHostFree(db: Db, host: string, locationId: number | null) {
  const existing = await repo.findWebsiteByHost(db, host);
  if (existing && existing.locationId !== locationId) {
    const owner = (await repo.listStores(db)).find((s) => s.id === existing.locationId);
    throw new OnboardingError(
      `The host ${host} is already a website of another store (${owner?.externalRef ?? existing.locationId}).`,
    );
  }
  return existing;
}

async function createWebsite(
  db: Db,
  store: repo.StoreRow,
  input: WebsiteInput,
): Promise<repo.WebsiteRow> {
  const base = fileBaseFromHost(input.host);
  const brand = {
    host: input.host,
    name: input.siteName ?? store.name,
    siteTitle: input.siteTitle,
    jsonFileName: `${base}.json`,
    logoBase: base,
    initials: initialsOf(input.siteName ?? store.name),
    primary: input.primary,
    secondary: input.secondary,
  };
  if (await repo.fileNamesTaken(db, brand.jsonFileName, [`${base}.svg`, `${base}-mobile.svg`])) {
    throw new OnboardingError(`Files named ${base}.* already belong to another website.`);
  }
  // The seed's brand rules make the config JSON and the two generated SVG logos.
  const { website, assets } = websiteRows(
    brand,
    { websiteId: 0, assetIds: [0, 0] },
    store.id,
    store.externalRef,
  );
  const { id: _w, ...websiteRow } = website;
  const assetRows = assets.map(({ id: _a, ...asset }) => asset);
  return repo.insertWebsite(db, { ...websiteRow, publicUrl: input.publicUrl ?? null }, assetRows);
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z0-9]/.test(w));
  return (words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [name.slice(0, 2)])
    .join('')
    .toUpperCase();
}

/**
 * The first administrator: an account without a password, holding every role store-wide (as
 * the demo's administrator does), with both steps in the account's permission history.
 */
async function createAdministrator(
  db: Db,
  now: Date,
  locationId: number,
  admin: { email: string; name: string },
): Promise<number> {
  const accountId = await repo.insertInvitedAccount(db, { locationId, ...admin });
  const allRoles = await repo.listRoles(db);
  await repo.grantStoreWideRoles(
    db,
    locationId,
    accountId,
    allRoles.map((r) => r.id),
  );
  const at = now;
  await repo.insertOperatorAudit(db, {
    locationId,
    subjectAccountId: accountId,
    event: EVENTS.accountCreated,
    before: null,
    after: [],
    at,
  });
  await repo.insertOperatorAudit(db, {
    locationId,
    subjectAccountId: accountId,
    event: EVENTS.roleAssigned,
    before: [],
    after: allRoles.map((r) => ({ role: r.name, friendly: r.friendly, scopes: [] })),
    at,
  });
  return accountId;
}

export interface CreateStoreResult {
  store: repo.StoreRow & { outcome: Outcome };
  website: repo.WebsiteRow & { outcome: Outcome; origin: string };
  admin: { accountId: number; outcome: Outcome; invitation: InvitationOutcome };
}

/**
 * `npm run store -- create`: the store, its first website and its first administrator, in one
 * transaction, then the invitation. Idempotent: run again with the same code, host and e-mail
 * it finds what exists, makes what is missing, and does not mail a live invitation twice.
 */
export async function createStore(
  deps: OnboardingDeps,
  input: StoreInput,
  options: { resendInvitation?: boolean } = {},
): Promise<CreateStoreResult> {
  const made = await deps.db
    .transaction(async (tx) => {
      const existingStore = await repo.findStoreByRef(tx, input.ref);
      const store =
        existingStore ??
        (await repo.insertStore(tx, {
          name: input.name,
          externalRef: input.ref,
          taxRateBasisPoints: Math.round(input.taxRatePercent * 100),
          emailDomains: input.emailDomains,
        }));
      const existingSite = await requireHostFree(tx, input.website.host, store.id);
      const website = existingSite ?? (await createWebsite(tx, store, input.website));
      const account = await repo.findStoreAccountByEmail(tx, store.id, input.admin.email);
      const accountId =
        account?.id ?? (await createAdministrator(tx, deps.now(), store.id, input.admin));
      return {
        store: { ...store, outcome: existingStore ? 'existing' : 'created' } as const,
        website,
        websiteOutcome: existingSite ? ('existing' as const) : ('created' as const),
        accountId,
        accountOutcome: account ? ('existing' as const) : ('created' as const),
      };
    })
    .catch((error: unknown) => {
      // Two commands at once: the other one made it first; running again reports it.
      if (isUniqueViolation(error)) {
        throw new OnboardingError(
          'Another command created this store at the same time; run it again.',
        );
      }
      throw error;
    });
  const origin = websiteOrigin(made.website, deps.config);
  const invitation = await inviteAccount(deps, {
    locationId: made.store.id,
    accountId: made.accountId,
    email: input.admin.email,
    name: input.admin.name,
    origin,
    resend: options.resendInvitation ?? false,
  });
  return {
    store: made.store,
    website: { ...made.website, outcome: made.websiteOutcome, origin },
    admin: { accountId: made.accountId, outcome: made.accountOutcome, invitation },
  };
}

/** Mails the set-password link unless the owner has a password or a live link already. */
async function inviteAccount(
  deps: OnboardingDeps,
  input: PasswordSetupInput & { resend: boolean },
): Promise<InvitationOutcome> {
  const account = await repo.findStoreAccountByEmail(deps.db, input.locationId, input.email);
  if (account?.hasPassword) return { kind: 'has-password' };
  const live = await repo.liveInvitationExpiry(deps.db, input.accountId, deps.now());
  if (live && !input.resend) return { kind: 'already-invited', validUntil: live };
  await deps.sendPasswordSetupEmail(input);
  const validUntil = await repo.liveInvitationExpiry(deps.db, input.accountId, deps.now());
  return { kind: 'sent', validUntil: validUntil ?? deps.now() };
}

export { createAdministrator, createWebsite, inviteAccount, requireHostFree };
