import type { Db } from '../../db/client.ts';
import { findSender } from './repository.ts';

/** The person an e-mail is sent for: named in its body, and where replies go. */
export interface MailSender {
  name: string;
  email: string;
  storeName: string;
}

/** The account's name, address and store; null for an account that no longer exists. */
export function mailSender(db: Db, accountId: number): Promise<MailSender | null> {
  return findSender(db, accountId);
}

/**
 * "Sent by Ada Lovelace (ada@example.edu) through Demo University Campus Store." Every e-mail a
 * person sends through the portal says so: it comes from the store's address, not theirs.
 */
export function senderLine(sender: MailSender): string {
  return `Sent by ${sender.name} (${sender.email}) through ${sender.storeName}.`;
}
