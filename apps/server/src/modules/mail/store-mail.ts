import type { Db } from '../../db/client.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { findStoreSenderName } from './repository.ts';

/** An e-mail as its path writes it: who it comes from is the store's, added by storeMail. */
export type MailDraft = Omit<MailMessage, 'fromName'>;

/** Used only if the store row is gone mid-send (the store was never deleted in practice). */
const FALLBACK_SENDER_NAME = 'Campus Store Portal';

/**
 * The name every e-mail of a store comes from: the store's e-mail sender name, or its name when
 * none is set (store settings). A run that mails many people looks it up once.
 */
export async function storeSenderName(db: Db, locationId: number): Promise<string> {
  return (await findStoreSenderName(db, locationId)) ?? FALLBACK_SENDER_NAME;
}

/** The draft, from the store's sender name. */
export async function storeMail(
  db: Db,
  locationId: number,
  draft: MailDraft,
): Promise<MailMessage> {
  return { ...draft, fromName: await storeSenderName(db, locationId) };
}
