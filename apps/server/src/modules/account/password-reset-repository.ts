import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { revokeAllSessions } from './session-repository.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, passwordResetTokens, userAccounts, websites } from '../../db/schema/index.ts';
import { revokeAllRememberSecrets } from './repository.ts';

/** An account a reset e-mail may go to. */
export interface ResetRecipient {
  id: number;
  userName: string;
  name: string;
  email: string;
}

/** A stored reset token with what the checks need of its account. */
export interface ResetTokenRow {
  id: number;
  accountId: number;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  locationId: number;
  userName: string;
  email: string;
  active: boolean;
  passwordChangedAt: Date | null;
  /** The account has no password yet (invited, never signed in with one). */
  firstPassword: boolean;
}

/** Active accounts of one store whose e-mail address or user name is `email` (any case). */
export async function findResetRecipients(
  db: Db,
  locationId: number,
  email: string,
): Promise<ResetRecipient[]> {
  const wanted = email.trim().toLowerCase();
  return db
    .select({
      id: userAccounts.id,
      userName: userAccounts.userName,
      name: userAccounts.name,
      email: userAccounts.email,
    })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.locationId, locationId),
        eq(userAccounts.active, true),
        or(
          sql`lower(${userAccounts.email}) = ${wanted}`,
          sql`lower(${userAccounts.userName}) = ${wanted}`,
        ),
      ),
    )
    .limit(5);
}

export async function insertResetToken(
  db: Db,
  row: { accountId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

export async function findResetToken(db: Db, tokenHash: string): Promise<ResetTokenRow | null> {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      accountId: passwordResetTokens.accountId,
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
      locationId: userAccounts.locationId,
      userName: userAccounts.userName,
      email: userAccounts.email,
      active: userAccounts.active,
      passwordChangedAt: userAccounts.passwordChangedAt,
      firstPassword: sql<boolean>`${userAccounts.passwordHash} is null`,
    })
    .from(passwordResetTokens)
    .innerJoin(userAccounts, eq(userAccounts.id, passwordResetTokens.accountId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token and sets the new password in one transaction: the token is marked used only
 * if still unused (so two racing resets have one winner), the account's other unused tokens are
 * deleted, every remember-me secret and signed-in session is revoked, and the change is audited. False when the token was already used.
 */
export async function applyPasswordReset(
  db: Db,
  input: { tokenId: number; accountId: number; locationId: number; passwordHash: string; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.at })
      .where(and(eq(passwordResetTokens.id, input.tokenId), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) return false;
    await tx
      .update(userAccounts)
      .set({ passwordHash: input.passwordHash, passwordChangedAt: input.at })
      .where(eq(userAccounts.id, input.accountId));
    await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.accountId, input.accountId),
          ne(passwordResetTokens.id, input.tokenId),
          isNull(passwordResetTokens.usedAt),
        ),
      );
    await revokeAllRememberSecrets(tx, input.accountId, input.at);
    await revokeAllSessions(tx, input.accountId, input.at);
    await tx.insert(auditLog).values({
      locationId: input.locationId,
      actorAccountId: input.accountId,
      subjectAccountId: input.accountId,
      event: 'PASSWORD_RESET',
      after: { passwordChangedAt: input.at.toISOString() },
      at: input.at,
    });
    return true;
  });
}

/** The display name of a store's website, preferring the one at `host`. */
export async function findSiteName(
  db: Db,
  locationId: number,
  host: string,
): Promise<string | null> {
  const rows = await db
    .select({ host: websites.host, name: websites.siteTitle })
    .from(websites)
    .where(eq(websites.locationId, locationId));
  return (rows.find((r) => r.host === host) ?? rows[0])?.name ?? null;
}
