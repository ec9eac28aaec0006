import { createHash } from 'node:crypto';
import {
  STORE_MESSAGES as M,
  storeSettings,
  websiteBranding,
  type StoreChange,
  type StoreSettings,
  type StoreSettingsAnswer,
  type WebsiteBranding,
} from '@csp/contracts';
import { AppError } from '@csp/http-kit';
import type { Db } from '../../../db/client.ts';
import type { Session } from '../../../lib/session.ts';
import * as repo from './settings-repository.ts';
import { websiteOf } from './website-view.ts';
import { redrawGeneratedLogos } from './generated-logos.ts';

/** How many of the latest changes the settings screen shows. */
const HISTORY_LIMIT = 20;

/** Settings as stored: every field, the ones a save may leave out included. */
type StoredSettings = StoreSettings & Required<Pick<StoreSettings, KeptWhenLeftOut>>;

/** Fields an older client does not send: a save without them keeps the stored values. */
const KEPT_WHEN_LEFT_OUT = [
  'priceChangePercent',
  'ltcThresholdCents',
  'libraryLicensedIsZero',
  'costGapThresholdCents',
] as const;
type KeptWhenLeftOut = (typeof KEPT_WHEN_LEFT_OUT)[number];

function settingsOf(row: repo.StoreRow, methods: StoreSettings['shippingMethods']): StoredSettings {
  const hasAddress = Boolean(row.returnAddressName && row.returnStreetOne && row.returnCity);
  return {
    name: row.name,
    mailSenderName: row.mailSenderName,
    taxRatePercent: row.taxRateBasisPoints / 100,
    allowSubmittersToSelectPrintOnly: row.allowSubmittersToSelectPrintOnly,
    priceChangePercent: row.priceChangePercent,
    ltcThresholdCents: row.ltcThresholdCents,
    libraryLicensedIsZero: row.libraryLicensedIsZero,
    costGapThresholdCents: row.costGapThresholdCents,
    courseMaterialsEmail: row.courseMaterialsEmail,
    emailDomains: row.emailDomains,
    returnAddress: hasAddress
      ? {
          name: row.returnAddressName ?? '',
          streetOne: row.returnStreetOne ?? '',
          streetTwo: row.returnStreetTwo,
          city: row.returnCity ?? '',
          state: row.returnState ?? '',
          postalCode: row.returnPostalCode ?? '',
          phone: row.returnPhone ?? '',
        }
      : null,
    shippingMethods: methods,
  };
}

/** `settings` as stored: a field left out is the one stored (updateStoreSettings). */
function rowOf(settings: StoredSettings): repo.StoreRow {
  const a = settings.returnAddress;
  return {
    name: settings.name,
    mailSenderName: settings.mailSenderName,
    taxRateBasisPoints: Math.round(settings.taxRatePercent * 100),
    allowSubmittersToSelectPrintOnly: settings.allowSubmittersToSelectPrintOnly,
    priceChangePercent: settings.priceChangePercent,
    ltcThresholdCents: settings.ltcThresholdCents,
    libraryLicensedIsZero: settings.libraryLicensedIsZero,
    costGapThresholdCents: settings.costGapThresholdCents,
    courseMaterialsEmail: settings.courseMaterialsEmail,
    emailDomains: [...new Set(settings.emailDomains)],
    returnAddressName: a?.name ?? null,
    returnStreetOne: a?.streetOne ?? null,
    returnStreetTwo: a?.streetTwo ?? null,
    returnCity: a?.city ?? null,
    returnState: a?.state ?? null,
    returnPostalCode: a?.postalCode ?? null,
    returnPhone: a?.phone ?? null,
  };
}

/** The settings as they read back once saved: trimmed, without repeated domains, rounded. */
function asStored(settings: StoredSettings): StoredSettings {
  return settingsOf(rowOf(settings), settings.shippingMethods);
}

/** A digest of the settings as stored: any change, by anyone, gives a new one. */
function versionOf(settings: StoreSettings): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 24);
}

/** Field order of the history: the forms' order (jsonb keeps its own order of keys). */
const SETTINGS_FIELDS = Object.keys(storeSettings.shape);
const WEBSITE_FIELDS = Object.keys(websiteBranding.shape);
const SSO_FIELDS = ['ssoType', 'sloEnabled', 'idpEntityId', 'idpSsoUrl', 'idpSloUrl'];
const FIELDS_OF: Record<StoreChange['event'], readonly string[]> = {
  STORE_SETTINGS_CHANGED: SETTINGS_FIELDS,
  WEBSITE_CHANGED: ['host', ...WEBSITE_FIELDS, 'logo', 'logoMobile'],
  WEBSITE_SSO_CHANGED: SSO_FIELDS,
};

/** The names of the fields that differ, in the form's order ("taxRatePercent", ...). */
function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = SETTINGS_FIELDS,
): string[] {
  // jsonb also reorders keys inside values: compare them in a canonical form.
  return fields.filter((key) => canonical(before[key]) !== canonical(after[key]));
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** A field's value as the history shows it, when it is one value; undefined when it is not. */
function shownValue(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length > 0 ? value.join(', ') : null;
  }
  return undefined;
}

function changeOf(row: Awaited<ReturnType<typeof repo.listStoreAudit>>[number]): StoreChange {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const event = row.event as StoreChange['event'];
  const prefix = event === 'STORE_SETTINGS_CHANGED' ? '' : `website ${String(after.host ?? '')}: `;
  const changed = changedFields(before, after, FIELDS_OF[event]);
  const values = changed.flatMap((field) => {
    const [was, is] = [shownValue(before[field]), shownValue(after[field])];
    if (was === undefined || is === undefined) return [];
    return [{ field: `${prefix}${field}`, before: was, after: is }];
  });
  return {
    id: row.id,
    event,
    at: new Date(row.at).toISOString(),
    actor: row.actorUserName ? { userName: row.actorUserName, name: row.actorName ?? '' } : null,
    fields: changed.map((f) => `${prefix}${f}`),
    values,
  };
}

async function readSettings(db: Db, locationId: number): Promise<StoredSettings> {
  const [row, methods] = await Promise.all([
    repo.readStoreRow(db, locationId),
    repo.listShippingMethods(db, locationId),
  ]);
  return settingsOf(row, methods);
}

/** What the settings answer needs besides the database: the websites' addresses. */
export interface SettingsDeps {
  db: Db;
  config: { publicUrl: string | undefined; port: number };
}

export async function storeSettingsAnswer(
  deps: SettingsDeps,
  locationId: number,
): Promise<StoreSettingsAnswer> {
  const { db } = deps;
  const settings = await readSettings(db, locationId);
  const [sites, history] = await Promise.all([
    repo.listStoreWebsites(db, locationId),
    repo.listStoreAudit(db, locationId, HISTORY_LIMIT),
  ]);
  return {
    settings,
    version: versionOf(settings),
    websites: sites.map((site) => websiteOf(site, deps.config)),
    history: history.map(changeOf),
  };
}

/** The fields a save left out, as stored (KEPT_WHEN_LEFT_OUT). */
function keptWhenLeftOut(input: { settings: StoreSettings }, before: StoredSettings) {
  const kept = {} as Record<KeptWhenLeftOut, unknown>;
  for (const field of KEPT_WHEN_LEFT_OUT) kept[field] = input.settings[field] ?? before[field];
  return kept as Pick<StoredSettings, KeptWhenLeftOut>;
}

/**
 * Saves the store's settings when `version` is the one the caller read (409 otherwise), in one
 * transaction with its entry in the history. A shipping method orders name cannot be left out.
 */
export async function updateStoreSettings(
  deps: SettingsDeps,
  session: Session,
  input: { settings: StoreSettings; version: string },
  now: Date,
): Promise<StoreSettingsAnswer> {
  const { locationId } = session;
  await deps.db.transaction(async (tx) => {
    await repo.lockStoreRow(tx, locationId);
    const before = await readSettings(tx, locationId);
    const settings: StoredSettings = { ...input.settings, ...keptWhenLeftOut(input, before) };
    // Already so: a save retried after its answer was lost, or the same change made twice,
    // is answered as done rather than as someone else's change.
    if (versionOf(before) === versionOf(asStored(settings))) return;
    if (versionOf(before) !== input.version) throw AppError.conflict(M.staleVersion, 'version');
    // Return labels are addressed to it: once saved, it is changed, never left empty.
    if (before.returnAddress && !input.settings.returnAddress) {
      throw AppError.badRequest(M.returnAddressRequired, 'settings.returnAddress');
    }
    const kept = new Set(input.settings.shippingMethods.map((m) => m.code));
    const removed = before.shippingMethods.map((m) => m.code).filter((c) => !kept.has(c));
    const [inUse] = await repo.ordersUsingShipping(tx, locationId, removed);
    if (inUse?.code) {
      throw AppError.conflict(M.shippingMethodInUse(inUse.code, inUse.orders), 'shippingMethods');
    }
    await repo.writeStoreRow(tx, locationId, rowOf(settings));
    await repo.replaceShippingMethods(tx, locationId, input.settings.shippingMethods);
    const after = await readSettings(tx, locationId);
    if (changedFields(before, after).length === 0) return;
    await repo.insertStoreAudit(tx, {
      locationId,
      actorAccountId: session.accountId,
      event: 'STORE_SETTINGS_CHANGED',
      before,
      after,
      at: now,
    });
  });
  return storeSettingsAnswer(deps, locationId);
}

/** Renames and recolours one of the store's websites (404 for any other website). */
export async function updateWebsiteBranding(
  deps: SettingsDeps,
  session: Session,
  websiteId: number,
  branding: WebsiteBranding,
  now: Date,
): Promise<StoreSettingsAnswer> {
  const { locationId } = session;
  await deps.db.transaction(async (tx) => {
    const site = await repo.lockStoreWebsite(tx, locationId, websiteId);
    if (!site) throw AppError.notFound(M.websiteNotFound, 'websiteId');
    const before = {
      host: site.host,
      name: site.name,
      siteTitle: site.siteTitle,
      primaryColor: site.config.brandPrimaryColor,
      secondaryColor: site.config.brandSecondaryColor,
      publicUrl: site.publicUrl,
    };
    const after = { host: site.host, ...branding };
    if (changedFields(before, after, WEBSITE_FIELDS).length === 0) return;
    await repo.writeWebsite(tx, websiteId, {
      name: branding.name,
      siteTitle: branding.siteTitle,
      publicUrl: branding.publicUrl,
      config: {
        ...site.config,
        brandPrimaryColor: branding.primaryColor,
        brandSecondaryColor: branding.secondaryColor,
      },
    });
    await redrawGeneratedLogos(tx, locationId, site.config, {
      name: branding.name,
      siteTitle: branding.siteTitle,
      primary: branding.primaryColor,
      secondary: branding.secondaryColor,
    });
    await repo.insertStoreAudit(tx, {
      locationId,
      actorAccountId: session.accountId,
      event: 'WEBSITE_CHANGED',
      before,
      after,
      at: now,
    });
  });
  return storeSettingsAnswer(deps, locationId);
}
