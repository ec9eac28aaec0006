import { eq, inArray } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import type { TestContext } from './test-app.ts';

/**
 * Inclusive access for the fuzz: the given sections in the program (unless another sub-area put
 * them there already), their students taken in by the triggers, and the terms' opt-out deadline
 * far ahead, so a staff opt-out on a student's behalf gets through. The participants' ids.
 */
export async function fuzzIaParticipants(
  ctx: TestContext,
  sectionIds: number[],
): Promise<number[]> {
  const { db } = ctx;
  const locationId = ctx.fixture.locations.a;
  const sections = await db
    .select({ id: t.sections.id, termId: t.sections.termId })
    .from(t.sections)
    .where(inArray(t.sections.id, sectionIds));
  await db
    .insert(t.iaPrograms)
    .values(sections.map((s) => ({ locationId, sectionId: s.id, termId: s.termId })))
    .onConflictDoNothing();
  for (const termId of new Set(sections.map((s) => s.termId))) {
    await db.update(t.terms).set({ iaOptOutDeadline: '2099-12-31' }).where(eq(t.terms.id, termId));
  }
  const rows = await db
    .select({ id: t.iaParticipants.id })
    .from(t.iaParticipants)
    .innerJoin(t.iaPrograms, eq(t.iaPrograms.id, t.iaParticipants.programId))
    .where(inArray(t.iaPrograms.sectionId, sectionIds))
    .orderBy(t.iaParticipants.id);
  if (rows.length === 0) throw new Error('the fuzz world has no inclusive-access participant');
  return rows.map((r) => r.id);
}
