import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idInStore } from '../../db/store-row.ts';
import { userNameInStore } from '../../db/user-name-match.ts';
import { rememberSecrets, userAccounts } from '../../db/schema/index.ts';

export interface LoginAccount {
  id: number;
  userName: string;
  name: string;
  passwordHash: string | null;
  active: boolean;
}

export interface RememberSecretRow {
  id: number;
  accountId: number;
  secretHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  rotatedAt: Date | null;
}

const loginColumns = {
  id: userAccounts.id,
  userName: userAccounts.userName,
  name: userAccounts.name,
  passwordHash: userAccounts.passwordHash,
  active: userAccounts.active,
};

/** The account of a user name (case-insensitive) in one store. */
export async function findAccountByUserName(
  db: Db,
  locationId: number,
  userName: string,
): Promise<LoginAccount | null> {
  const [row] = await db
    .select(loginColumns)
    .from(userAccounts)
    .where(userNameInStore(locationId, userName))
    .limit(1);
  return row ?? null;
}

/** The account, if it exists, is active and belongs to the store. */
export async function findActiveAccount(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<Pick<LoginAccount, 'id' | 'userName' | 'name'> | null> {
  const [row] = await db
    .select({ id: userAccounts.id, userName: userAccounts.userName, name: userAccounts.name })
    .from(userAccounts)
    .where(and(idInStore(userAccounts, locationId, accountId), eq(userAccounts.active, true)))
    .limit(1);
  return row ?? null;
}

export async function recordLastLogin(db: Db, accountId: number, at: Date): Promise<void> {
  await db.update(userAccounts).set({ lastLoginAt: at }).where(eq(userAccounts.id, accountId));
}

export async function insertRememberSecret(
  db: Db,
  row: { accountId: number; secretHash: string; expiresAt: Date },
): Promise<number> {
  const [inserted] = await db
    .insert(rememberSecrets)
    .values(row)
    .returning({ id: rememberSecrets.id });
  if (!inserted) throw new Error('remember secret insert returned no row');
  return inserted.id;
}

export async function findRememberSecret(db: Db, id: number): Promise<RememberSecretRow | null> {
  const [row] = await db
    .select({
      id: rememberSecrets.id,
      accountId: rememberSecrets.accountId,
      secretHash: rememberSecrets.secretHash,
      expiresAt: rememberSecrets.expiresAt,
      revokedAt: rememberSecrets.revokedAt,
      rotatedAt: rememberSecrets.rotatedAt,
    })
    .from(rememberSecrets)
    .where(eq(rememberSecrets.id, id))
    .limit(1);
  return row ?? null;
}

/** Revokes one secret; true only for the caller that revoked it (so a race has one winner). */
export async function revokeRememberSecret(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(rememberSecrets)
    .set({ revokedAt: at })
    .where(and(eq(rememberSecrets.id, id), isNull(rememberSecrets.revokedAt)))
    .returning({ id: rememberSecrets.id });
  return rows.length > 0;
}

/** Retires a secret that is being exchanged for a successor; true only for the race's winner. */
export async function rotateRememberSecret(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(rememberSecrets)
    .set({ revokedAt: at, rotatedAt: at })
    .where(and(eq(rememberSecrets.id, id), isNull(rememberSecrets.revokedAt)))
    .returning({ id: rememberSecrets.id });
  return rows.length > 0;
}

/**
 * Revokes every remember-me secret of an account (theft signal, password change). A secret
 * rotated moments ago is already revoked but would still resume within the rotation grace:
 * forgetting its rotation time ends that grace too, so a copy cannot outlive a password reset.
 */
export async function revokeAllRememberSecrets(
  db: Db,
  accountId: number,
  at: Date = new Date(),
): Promise<void> {
  await db
    .update(rememberSecrets)
    .set({
      revokedAt: sql`coalesce(${rememberSecrets.revokedAt}, ${at.toISOString()}::timestamptz)`,
      rotatedAt: null,
    })
    .where(
      and(
        eq(rememberSecrets.accountId, accountId),
        or(isNull(rememberSecrets.revokedAt), isNotNull(rememberSecrets.rotatedAt)),
      ),
    );
}
