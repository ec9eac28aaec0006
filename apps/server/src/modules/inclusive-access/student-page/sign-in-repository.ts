import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { preparedQuery } from '../../../db/prepared-query.ts';
import { iaStudentSessions, students } from '../../../db/schema/index.ts';

export interface StudentContact {
  studentId: number;
  firstName: string;
  email: string;
}

/** The store's students with this address (from the enrolment feed), compared case-insensitively. */
export async function findStudentsByEmail(
  db: Db,
  locationId: number,
  email: string,
): Promise<StudentContact[]> {
  const rows = await queryRows<{ id: number; first_name: string; email: string }>(
    db,
    sql`select id, first_name, email from students
      where location_id = ${locationId} and lower(trim(email)) = ${email}
      order by id`,
  );
  return rows.map((r) => ({ studentId: Number(r.id), firstName: r.first_name, email: r.email }));
}

/** The student's name and address (for a confirmation e-mail). */
export async function findStudentContact(
  db: Db,
  locationId: number,
  studentId: number,
): Promise<StudentContact | undefined> {
  const [row] = await queryRows<{ id: number; first_name: string; email: string }>(
    db,
    sql`select id, first_name, email from students
      where location_id = ${locationId} and id = ${studentId}`,
  );
  return row && { studentId: Number(row.id), firstName: row.first_name, email: row.email };
}

export async function insertSignInLink(
  db: Db,
  link: { locationId: number; studentId: number; tokenHash: string; expiresAt: Date; at: Date },
): Promise<void> {
  await db.execute(
    sql`insert into ia_sign_in_links (location_id, student_id, token_hash, expires_at, created_at)
      values (${link.locationId}, ${link.studentId}, ${link.tokenHash}, ${link.expiresAt}, ${link.at})`,
  );
}

export type LinkExchange =
  | { kind: 'invalid' | 'used' | 'expired' }
  | { kind: 'started'; studentId: number; firstName: string };

/**
 * Uses up a sign-in link and opens a student session, in one transaction: the link is marked
 * used only while it is still unused (a second use, even at the same instant, finds it used),
 * and the session is stored by its hash. A link of another store's website is `invalid`.
 */
export async function exchangeSignInLink(
  db: Db,
  input: {
    locationId: number;
    linkHash: string;
    sessionHash: string;
    now: Date;
    sessionExpiresAt: Date;
  },
): Promise<LinkExchange> {
  return db.transaction(async (tx): Promise<LinkExchange> => {
    const [link] = await queryRows<{
      id: number;
      student_id: number;
      used_at: Date | null;
      expires_at: Date | string;
      first_name: string;
    }>(
      tx as unknown as Db,
      sql`select l.id, l.student_id, l.used_at, l.expires_at, s.first_name
        from ia_sign_in_links l join students s on s.id = l.student_id
        where l.token_hash = ${input.linkHash} and l.location_id = ${input.locationId}
        for update of l`,
    );
    if (!link) return { kind: 'invalid' };
    if (link.used_at !== null) return { kind: 'used' };
    if (new Date(link.expires_at).getTime() <= input.now.getTime()) return { kind: 'expired' };
    await tx.execute(sql`update ia_sign_in_links set used_at = ${input.now} where id = ${link.id}`);
    await tx.execute(
      sql`insert into ia_student_sessions (location_id, student_id, token_hash, expires_at, created_at)
        values (${input.locationId}, ${link.student_id}, ${input.sessionHash},
          ${input.sessionExpiresAt}, ${input.now})`,
    );
    return { kind: 'started', studentId: Number(link.student_id), firstName: link.first_name };
  });
}

// Every call of the student's page checks the session first: prepared once per handle
// (db/prepared-query.ts), a lookup by the token's unique hash.
const liveStudentSession = preparedQuery('csp_ia_student_session', (db) =>
  db
    .select({ studentId: iaStudentSessions.studentId, firstName: students.firstName })
    .from(iaStudentSessions)
    .innerJoin(students, eq(students.id, iaStudentSessions.studentId))
    .where(
      and(
        eq(iaStudentSessions.tokenHash, sql.placeholder('tokenHash')),
        eq(iaStudentSessions.locationId, sql.placeholder('locationId')),
        gt(iaStudentSessions.expiresAt, sql.placeholder('now')),
      ),
    ),
);

/** The live session with this hash on this store's website, and its student. */
export async function findStudentSession(
  db: Db,
  locationId: number,
  tokenHash: string,
  now: Date,
): Promise<{ studentId: number; firstName: string } | undefined> {
  const [row] = await liveStudentSession(db).execute({
    tokenHash,
    locationId,
    now: now.toISOString(),
  });
  return row && { studentId: Number(row.studentId), firstName: row.firstName };
}

/** Ends the session with this hash (and sweeps the store's expired ones while at it). */
export async function deleteStudentSession(
  db: Db,
  locationId: number,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`delete from ia_student_sessions
      where location_id = ${locationId} and (token_hash = ${tokenHash} or expires_at <= ${now})`,
  );
}
