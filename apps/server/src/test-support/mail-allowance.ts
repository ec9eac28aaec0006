import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { mailLimitKeys, type MailKind } from '../modules/mail/index.ts';

/**
 * As if `who` (or, with scope 'store', anyone of the store) had already sent as many e-mails of
 * `kind` this hour as the limit allows: the next send must be refused. `now` is the app's
 * throttle clock.
 */
export async function useUpMailAllowance(
  db: Db,
  kind: MailKind,
  who: { accountId?: number; locationId: number },
  scope: 'account' | 'store',
  now: Date = new Date(),
): Promise<void> {
  const found = mailLimitKeys(kind, who).find((k) => k.scope === scope);
  if (!found) throw new Error(`no ${scope} limit for ${kind}`);
  const state = {
    hits: found.limit.max,
    windowEndsAt: new Date(now.getTime() + found.limit.windowMs),
    nextAllowedAt: null,
  };
  await db
    .insert(t.authThrottle)
    .values({ key: found.key, ...state })
    .onConflictDoUpdate({ target: t.authThrottle.key, set: state });
}
