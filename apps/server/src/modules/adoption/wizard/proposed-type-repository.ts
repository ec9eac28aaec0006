import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { proposedProductTypes } from '../../../db/schema/index.ts';

/** Kinds of material a proposed title can be (reference data, the same in every store). */
export async function listProposedProductTypes(
  db: Db,
): Promise<{ proposedProductTypeId: number; name: string }[]> {
  return db
    .select({ proposedProductTypeId: proposedProductTypes.id, name: proposedProductTypes.name })
    .from(proposedProductTypes)
    .orderBy(asc(proposedProductTypes.name));
}
