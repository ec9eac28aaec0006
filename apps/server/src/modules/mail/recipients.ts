import type { Db } from '../../db/client.ts';
import { AppError } from '@csp/http-kit';
import { storeAccountAddresses, storeEmailDomains } from './repository.ts';

/** The fields whose addresses the portal sends to only when the store knows them. */
export type RecipientField = 'ccEmailList' | 'overrideEmail' | 'contactEmail';

const WHO = {
  ccEmailList: 'Copies can only go to people this store knows',
  overrideEmail: 'The export can only be e-mailed to people this store knows',
  contactEmail: 'A department contact can only be someone this store knows',
} as const satisfies Record<RecipientField, string>;

const listed = (items: readonly string[]) =>
  items.length === 1
    ? items[0]!
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;

/** "Copies can only go to people this store knows: x@example.com is not an account of ...". */
export function unknownRecipientsMessage(field: RecipientField, refused: readonly string[]) {
  const what =
    refused.length === 1
      ? 'is not an account of this store or an address at one of its domains'
      : 'are not accounts of this store or addresses at its domains';
  return `${WHO[field]}: ${listed(refused)} ${what}.`;
}

/**
 * The portal sends a copy or an export only to people the store knows: the addresses of its
 * active accounts, and addresses at the domains the store lists (locations.email_domains).
 * Addresses are compared trimmed and case-insensitively. Any other address refuses the whole
 * request (400 naming the field and every such address), before anything is written or sent.
 */
export async function refuseUnknownRecipients(
  db: Db,
  locationId: number,
  field: RecipientField,
  addresses: readonly string[],
): Promise<void> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  const known = await knownRecipients(db, locationId, wanted);
  const refused = wanted.filter((a) => !known.has(a));
  if (refused.length > 0) {
    throw AppError.badRequest(unknownRecipientsMessage(field, refused), field);
  }
}

/**
 * Of `addresses`, those the store knows (trimmed, lower case), by the rule above: for callers
 * that leave an unknown address out with a warning instead of refusing (an import's rows).
 */
export async function knownRecipients(
  db: Db,
  locationId: number,
  addresses: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(addresses.map((a) => a.trim().toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const domains = await storeEmailDomains(db, locationId);
  const atDomain = (a: string) => domains.has(a.slice(a.lastIndexOf('@') + 1));
  const rest = wanted.filter((a) => !atDomain(a));
  const accounts = await storeAccountAddresses(db, locationId, rest);
  return new Set(wanted.filter((a) => atDomain(a) || accounts.has(a)));
}
