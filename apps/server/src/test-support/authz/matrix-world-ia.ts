import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema/index.ts';
import { hashStudentToken } from '../../modules/inclusive-access/student-page/student-sign-in.ts';
import type { TestContext } from '../test-app.ts';
import type { Side } from './matrix-world.ts';

/** Alice's student session token on store A (known to the matrix, stored hashed). */
const ALICE_SESSION = 'matrix-alice-student-session-token-0001';

/**
 * Inclusive access in the matrix's world: BIO 101 section 001 and the law section in the
 * program (added only if absent: another sub-area's records may have put them there), so Alice
 * is a participant of 001 and the law student of the law section (the triggers take them in),
 * and a live student session of Alice's.
 */
export async function iaStudentRecords(
  ctx: TestContext,
  sections: Record<Side, number>,
  students: Record<Side, number>,
): Promise<{ iaParticipant: Record<Side, number>; studentSessions: { alice: string } }> {
  const { db } = ctx;
  const locationId = ctx.fixture.locations.a;
  const rows = await db
    .select({ id: t.sections.id, termId: t.sections.termId })
    .from(t.sections)
    .where(inArray(t.sections.id, [sections.inside, sections.outside]));
  await db
    .insert(t.iaPrograms)
    .values(rows.map((s) => ({ locationId, sectionId: s.id, termId: s.termId })))
    .onConflictDoNothing();
  const participant = async (side: Side) => {
    const [row] = await db
      .select({ id: t.iaParticipants.id })
      .from(t.iaParticipants)
      .innerJoin(t.iaPrograms, eq(t.iaPrograms.id, t.iaParticipants.programId))
      .where(
        and(
          eq(t.iaPrograms.sectionId, sections[side]),
          eq(t.iaParticipants.studentId, students[side]),
        ),
      );
    if (!row) throw new Error(`no IA participant on the ${side} side`);
    return row.id;
  };
  // A charge file (number 1, no lines) of each side's term, for the charge file download.
  await db
    .insert(t.iaChargeFiles)
    .values(
      rows.map((s) => ({ locationId, termId: s.termId, number: 1, lineCount: 0, totalCents: 0 })),
    )
    .onConflictDoNothing();
  await db.insert(t.iaStudentSessions).values({
    locationId,
    studentId: students.inside,
    tokenHash: hashStudentToken(ALICE_SESSION),
    expiresAt: new Date(Date.now() + 24 * 3_600_000),
  });
  return {
    iaParticipant: { inside: await participant('inside'), outside: await participant('outside') },
    studentSessions: { alice: ALICE_SESSION },
  };
}
