import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ltiSubjects, students, userAccounts } from '../../../db/schema/index.ts';
import { userNameInStore } from '../../../db/user-name-match.ts';

/** Who a platform's `sub` was found to be, per registration. */
export async function findSubject(
  db: Db,
  registrationId: number,
  subject: string,
): Promise<{ accountId: number | null; studentId: number | null } | null> {
  const [row] = await db
    .select({ accountId: ltiSubjects.accountId, studentId: ltiSubjects.studentId })
    .from(ltiSubjects)
    .where(and(eq(ltiSubjects.registrationId, registrationId), eq(ltiSubjects.subject, subject)));
  return row ?? null;
}

/** Keeps who the `sub` is; a link already made to the other kind (account, student) stays. */
export async function linkSubject(
  db: Db,
  link: { registrationId: number; subject: string; accountId?: number; studentId?: number },
): Promise<void> {
  const row = { accountId: link.accountId ?? null, studentId: link.studentId ?? null };
  await db
    .insert(ltiSubjects)
    .values({ registrationId: link.registrationId, subject: link.subject, ...row })
    .onConflictDoUpdate({
      target: [ltiSubjects.registrationId, ltiSubjects.subject],
      set: {
        accountId: sql`coalesce(excluded.account_id, ${ltiSubjects.accountId})`,
        studentId: sql`coalesce(excluded.student_id, ${ltiSubjects.studentId})`,
      },
    });
}

/**
 * The store's staff account of an e-mail address: its user name (most are addresses) or its
 * e-mail, case-insensitively; the user name's match first.
 */
export async function findAccountByEmail(
  db: Db,
  locationId: number,
  email: string,
): Promise<{ id: number } | null> {
  const [byName] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(userNameInStore(locationId, email));
  if (byName) return byName;
  const [byEmail] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.locationId, locationId),
        sql`lower(trim(${userAccounts.email})) = ${email}`,
      ),
    )
    .orderBy(asc(userAccounts.id))
    .limit(1);
  return byEmail ?? null;
}

/**
 * A student of the store by id or e-mail (the oldest record of an address, as the student
 * page's sign-in picks), with the address the student page's code is issued for.
 */
export async function findStudent(
  db: Db,
  locationId: number,
  by: { studentId?: number | null; email?: string | null },
): Promise<{ id: number; email: string } | null> {
  const match = or(
    by.studentId ? eq(students.id, by.studentId) : undefined,
    by.email ? sql`lower(trim(${students.email})) = ${by.email}` : undefined,
  );
  if (!match) return null;
  const [row] = await db
    .select({ id: students.id, email: students.email })
    .from(students)
    .where(and(eq(students.locationId, locationId), match))
    .orderBy(
      by.studentId ? sql`${students.id} = ${by.studentId} desc` : asc(students.id),
      asc(students.id),
    )
    .limit(1);
  return row ?? null;
}
