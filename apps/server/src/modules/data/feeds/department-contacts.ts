import type { Db } from '../../../db/client.ts';
import { knownRecipients } from '../../mail/index.ts';

/** A department's contact as a section list gives it (null: not given, the stored one stays). */
export interface ContactValues {
  name: string | null;
  email: string | null;
}

/**
 * The department contacts a section list gives (issue 30): per department, the first value of
 * each of its rows that gives one, whichever row of the department it is on. The digest is
 * mailed to the address, so only an address the store knows counts (as for a contact set on
 * the screen, ADR 0024); any other is left out with a warning, and the row goes in.
 */
export class DepartmentContacts {
  private readonly checked = new Set<string>();
  private readonly known = new Set<string>();
  private readonly contacts = new Map<string, ContactValues>();

  constructor(private readonly locationId: number) {}

  /** Pass 1, per batch: which of the batch's addresses the store knows (each looked up once). */
  async resolve(db: Db, emails: readonly (string | null)[]): Promise<void> {
    const fresh = [...new Set(emails.filter((e): e is string => e !== null))].filter(
      (e) => !this.checked.has(e),
    );
    if (fresh.length === 0) return;
    for (const email of await knownRecipients(db, this.locationId, fresh)) this.known.add(email);
    for (const email of fresh) this.checked.add(email);
  }

  /** An address given that the store does not know (left out: the warning's subject). */
  unknown(email: string | null): boolean {
    return email !== null && !this.known.has(email);
  }

  /** Pass 1, in file order: keeps the first name and known address given for `department`. */
  admit(department: string, given: ContactValues): void {
    const kept = this.contacts.get(department) ?? { name: null, email: null };
    kept.name ??= given.name;
    if (!this.unknown(given.email)) kept.email ??= given.email;
    this.contacts.set(department, kept);
  }

  /** What the file gives for `department` (nulls: nothing, the stored contact stays). */
  of(department: string): ContactValues {
    return this.contacts.get(department) ?? { name: null, email: null };
  }
}
