import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fundingAllowances, students } from '../../../db/schema/index.ts';

export type NewAllowanceRow = typeof fundingAllowances.$inferInsert;

/** Rows per insert statement (a statement holds at most 65,535 parameters). */
const CHUNK = 1000;

/** The store's students by student ID (the IDs not found are absent). */
export async function studentsByIdNum(
  db: Db,
  locationId: number,
  idNums: readonly string[],
): Promise<Map<string, { id: number; email: string; firstName: string; lastName: string }>> {
  const found = new Map<
    string,
    { id: number; email: string; firstName: string; lastName: string }
  >();
  const unique = [...new Set(idNums)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .select({
        id: students.id,
        idNum: students.studentIdNum,
        email: students.email,
        firstName: students.firstName,
        lastName: students.lastName,
      })
      .from(students)
      .where(
        and(
          eq(students.locationId, locationId),
          inArray(students.studentIdNum, unique.slice(i, i + CHUNK)),
        ),
      );
    for (const r of rows) found.set(r.idNum, r);
  }
  return found;
}

/** Which of these students already have an allowance from the source. */
export async function studentsWithAllowance(
  db: Db,
  sourceId: number,
  studentIds: readonly number[],
): Promise<Set<number>> {
  const have = new Set<number>();
  const unique = [...new Set(studentIds)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .select({ studentId: fundingAllowances.studentId })
      .from(fundingAllowances)
      .where(
        and(
          eq(fundingAllowances.sourceId, sourceId),
          inArray(fundingAllowances.studentId, unique.slice(i, i + CHUNK)),
        ),
      );
    for (const r of rows) have.add(r.studentId);
  }
  return have;
}

/** Which of these voucher codes the store already uses. */
export async function voucherCodesInUse(
  db: Db,
  locationId: number,
  codes: readonly string[],
): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const rows = await db
      .select({ code: fundingAllowances.voucherCode })
      .from(fundingAllowances)
      .where(
        and(
          eq(fundingAllowances.locationId, locationId),
          inArray(fundingAllowances.voucherCode, codes.slice(i, i + CHUNK)),
        ),
      );
    for (const r of rows) used.add(r.code);
  }
  return used;
}

/** Inserts allowances (of one source) in chunks; answers each student's new allowance id. */
export async function insertAllowances(
  db: Db,
  rows: readonly NewAllowanceRow[],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await db
      .insert(fundingAllowances)
      .values(rows.slice(i, i + CHUNK))
      .returning({ id: fundingAllowances.id, studentId: fundingAllowances.studentId });
    for (const r of inserted) ids.set(r.studentId, r.id);
  }
  return ids;
}

/** The allowance an account added with this client key, if any. */
export async function findAllowanceByClientKey(
  db: Db,
  createdBy: number,
  clientKey: string,
): Promise<{ id: number; sourceId: number; locationId: number } | undefined> {
  const [row] = await db
    .select({
      id: fundingAllowances.id,
      sourceId: fundingAllowances.sourceId,
      locationId: fundingAllowances.locationId,
    })
    .from(fundingAllowances)
    .where(
      and(eq(fundingAllowances.createdBy, createdBy), eq(fundingAllowances.clientKey, clientKey)),
    );
  return row;
}
