import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fundingSources, fundingSourceTerms } from '../../../db/schema/index.ts';

export type SourceValues = Pick<
  typeof fundingSources.$inferInsert,
  | 'name'
  | 'kind'
  | 'budgetCents'
  | 'chargeStartsOn'
  | 'chargeEndsOn'
  | 'perStudentCapCents'
  | 'scope'
  | 'spending'
  | 'unspentPolicy'
  | 'promoCode'
  | 'promoAmountCents'
  | 'promoUseLimit'
>;

/** The source an account created with this client key, if any. */
export async function findSourceByClientKey(
  db: Db,
  createdBy: number,
  clientKey: string,
): Promise<{ id: number; locationId: number } | undefined> {
  const [row] = await db
    .select({ id: fundingSources.id, locationId: fundingSources.locationId })
    .from(fundingSources)
    .where(and(eq(fundingSources.createdBy, createdBy), eq(fundingSources.clientKey, clientKey)));
  return row;
}

/** Whether another source of the store (than `exceptId`) has this promotion code. */
export async function promoCodeTaken(
  db: Db,
  locationId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: fundingSources.id })
    .from(fundingSources)
    .where(
      and(
        eq(fundingSources.locationId, locationId),
        eq(fundingSources.promoCode, code),
        exceptId === undefined ? undefined : ne(fundingSources.id, exceptId),
      ),
    );
  return rows.length > 0;
}

export async function insertSource(
  db: Db,
  row: SourceValues & {
    locationId: number;
    createdBy: number;
    clientKey: string;
    createdAt: Date;
  },
): Promise<number> {
  const [inserted] = await db
    .insert(fundingSources)
    .values({ ...row, updatedAt: row.createdAt })
    .returning({ id: fundingSources.id });
  if (!inserted) throw new Error('funding source not inserted');
  return inserted.id;
}

/** Writes an edit and bumps the version (the caller holds the source's lock). */
export async function updateSource(
  db: Db,
  sourceId: number,
  values: SourceValues,
  at: Date,
): Promise<void> {
  await db
    .update(fundingSources)
    .set({ ...values, updatedAt: at, version: sql`${fundingSources.version} + 1` })
    .where(eq(fundingSources.id, sourceId));
}

/** Replaces the terms a source pays for. */
export async function setSourceTerms(
  db: Db,
  sourceId: number,
  termIds: readonly number[],
): Promise<void> {
  await db.delete(fundingSourceTerms).where(eq(fundingSourceTerms.sourceId, sourceId));
  if (termIds.length === 0) return;
  await db.insert(fundingSourceTerms).values(termIds.map((termId) => ({ sourceId, termId })));
}
