import { and, count, eq, gt, isNull, lt, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isPglite, pgliteStatement } from '../../db/pglite-prepared.ts';
import { sessions, userAccounts, userRoles } from '../../db/schema/index.ts';

export type SessionMethod = 'password' | 'remember' | 'saml';

export async function insertSession(
  db: Db,
  row: { accountId: number; locationId: number; method: SessionMethod; expiresAt: Date },
  /**
   * The password hash the credentials were checked against. The session starts only while the
   * account still has it: a password reset that commits between the check and this insert (it
   * revokes every session, this one not yet among them) leaves the sign-in without a session.
   */
  checkedPasswordHash?: string | null,
): Promise<number | null> {
  if (checkedPasswordHash === undefined) {
    const [inserted] = await db.insert(sessions).values(row).returning({ id: sessions.id });
    return inserted?.id ?? null;
  }
  return db.transaction(async (tx) => {
    // The account row stays locked until the session exists, so a reset committing meanwhile
    // waits for it and then revokes it with the others.
    const [account] = await tx
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(
        and(
          eq(userAccounts.id, row.accountId),
          checkedPasswordHash === null
            ? isNull(userAccounts.passwordHash)
            : eq(userAccounts.passwordHash, checkedPasswordHash),
        ),
      )
      .for('update');
    if (!account) return null;
    const [inserted] = await tx.insert(sessions).values(row).returning({ id: sessions.id });
    return inserted?.id ?? null;
  });
}

/** What an authenticated request learns about its caller, in one round trip. */
export interface LiveSession {
  userName: string;
  /**
   * Changes whenever the account's roles change (count and newest id of its role rows: an
   * added row raises the newest id, a removed one lowers the count), so clients refresh actions.
   */
  rolesVersion: string;
}

/** The caller's ids as the session check binds them, for columns read along with it. */
export interface SessionCaller {
  accountId: SQLWrapper;
  locationId: SQLWrapper;
}

const statementNumbers = new WeakMap<object, number>();
/** One statement name per column set: a connection holds one text per name. */
function statementNumber(also: object): number {
  let n = statementNumbers.get(also);
  if (n === undefined) statementNumbers.set(also, (n = nextStatementNumber++));
  return n;
}
let nextStatementNumber = 0;

/** The caller's ids as placeholders: bound when the session check runs. */
const CALLER: SessionCaller = {
  accountId: sql.placeholder('accountId'),
  locationId: sql.placeholder('locationId'),
};

/** The session check's statement, its values placeholders (see preparedSessionCheck). */
function sessionCheck<K extends string>(
  db: Db,
  also: (caller: SessionCaller) => Record<K, SQL<string>>,
) {
  const caller = CALLER;
  const roles = db
    .select({
      version: sql<string>`${count()} || '.' || coalesce(${max(userRoles.id)}, 0)`.as('version'),
    })
    .from(userRoles)
    .where(eq(userRoles.accountId, caller.accountId));
  return db
    .select({
      userName: userAccounts.userName,
      rolesVersion: sql<string>`(${roles})`,
      also: also(caller),
    })
    .from(sessions)
    .innerJoin(userAccounts, eq(userAccounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.accountId, caller.accountId),
        eq(userAccounts.locationId, caller.locationId),
        eq(userAccounts.active, true),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1);
}

/**
 * Every signed-in call runs the session check, so it is a prepared statement: PostgreSQL parses
 * and plans it once per connection under its name instead of on every call, and drizzle builds
 * it once per database handle and column set. On the large store a signed-in call got 1.2 ms
 * faster (3.0 to 1.8 ms for a student search by ID), about 1 ms of it PostgreSQL's planning.
 * On PGlite, whose queries are all unnamed, it is PREPAREd by db/pglite-prepared.ts (ADR 0007).
 */
function preparedSessionCheck<K extends string>(
  db: Db,
  also: (caller: SessionCaller) => Record<K, SQL<string>>,
) {
  const name = `csp_session_check_${statementNumber(also)}`;
  const query = sessionCheck(db, also);
  if (!isPglite(db)) return query.prepare(name);
  // The same columns as drizzle's select, in its order: user name, roles version, then `also`.
  const alsoKeys = Object.keys(also(CALLER)) as K[];
  return pgliteStatement(db, name, query, (columns) => ({
    userName: String(columns[0]),
    rolesVersion: String(columns[1]),
    also: Object.fromEntries(alsoKeys.map((key, i) => [key, columns[2 + i]])) as Record<K, string>,
  }));
}

const preparedChecks = new WeakMap<Db, WeakMap<object, ReturnType<typeof preparedSessionCheck>>>();

/**
 * The session, if it is not revoked or expired and its account is active in the store. The
 * roles version comes from the same statement (an index lookup on user_roles by account), and so
 * does `also`: further columns about the same caller (the auth hook adds the grants), read only
 * when the session is live, so a signed-in call costs one round trip before its handler. `also`
 * is built once per database handle (the statement is prepared), from the caller's bound ids.
 */
export async function findLiveSession<K extends string>(
  db: Db,
  key: { sessionId: number; accountId: number; locationId: number },
  now: Date,
  also: (caller: SessionCaller) => Record<K, SQL<string>>,
): Promise<(LiveSession & { also: Record<K, string> }) | null> {
  let byColumns = preparedChecks.get(db);
  if (!byColumns) preparedChecks.set(db, (byColumns = new WeakMap()));
  let check = byColumns.get(also);
  if (!check) byColumns.set(also, (check = preparedSessionCheck(db, also)));
  const [row] = await check.execute({ ...key, now: now.toISOString() });
  if (!row) return null;
  return {
    userName: row.userName,
    rolesVersion: String(row.rolesVersion),
    also: (row.also ?? {}) as Record<K, string>,
  };
}

/** Ends one session of an account (logout). */
export async function revokeSession(
  db: Db,
  key: { sessionId: number; accountId: number },
  at: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.id, key.sessionId),
        eq(sessions.accountId, key.accountId),
        isNull(sessions.revokedAt),
      ),
    );
}

/** Ends every live session of an account (password change or reset, single logout). */
export async function revokeAllSessions(db: Db, accountId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)));
}

/** Sessions past their expiry are of no use to anyone: forget them. */
export async function deleteExpiredSessions(db: Db, before: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, before));
}
