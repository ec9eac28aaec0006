import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NameOrder } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { dataImportIssues, dataImports, importColumnMappings } from '../../db/schema/index.ts';
import type { ChosenColumns, FileColumn } from './feeds/column-mapping.ts';

/** The store's saved mapping of a format for files of these headers, if any. */
export async function findColumnTemplate(
  db: Db,
  locationId: number,
  formatId: string,
  headerKey: string,
): Promise<ChosenColumns | null> {
  const [row] = await db
    .select({ name: importColumnMappings.name, mapping: importColumnMappings.mapping })
    .from(importColumnMappings)
    .where(
      and(
        eq(importColumnMappings.locationId, locationId),
        eq(importColumnMappings.formatId, formatId),
        eq(importColumnMappings.headerKey, headerKey),
      ),
    );
  if (!row) return null;
  const saved = row.mapping as Pick<ChosenColumns, 'columns' | 'nameOrder'>;
  return { columns: saved.columns, nameOrder: saved.nameOrder, templateName: row.name };
}

/** Saves (or replaces) the store's mapping of a format for files of these headers. */
export async function saveColumnTemplate(
  db: Db,
  values: {
    locationId: number;
    formatId: string;
    headerKey: string;
    name: string;
    columns: ChosenColumns['columns'];
    nameOrder: NameOrder;
    createdBy: number;
  },
): Promise<void> {
  const mapping = { columns: values.columns, nameOrder: values.nameOrder };
  await db
    .insert(importColumnMappings)
    .values({ ...values, mapping })
    .onConflictDoUpdate({
      target: [
        importColumnMappings.locationId,
        importColumnMappings.formatId,
        importColumnMappings.headerKey,
      ],
      set: { name: values.name, mapping, updatedAt: sql`now()` },
    });
}

/** Keeps how a checked file's columns are matched (from a saved mapping), as it is checked. */
export async function keepColumns(
  db: Db,
  importId: number,
  fileColumns: readonly FileColumn[],
  chosen: ChosenColumns,
): Promise<void> {
  await db
    .update(dataImports)
    .set({ fileColumns, columnMapping: chosen })
    .where(eq(dataImports.id, importId));
}

/** VALIDATING -> NEEDS_MAPPING, with the file's columns and the proposed mapping. */
export async function askForColumns(
  db: Db,
  importId: number,
  fileColumns: readonly FileColumn[],
  proposed: ChosenColumns,
): Promise<void> {
  await db
    .update(dataImports)
    .set({
      status: 'NEEDS_MAPPING',
      fileColumns,
      columnMapping: proposed,
      progressDone: 0,
      progressTotal: null,
    })
    .where(and(eq(dataImports.id, importId), eq(dataImports.status, 'VALIDATING')));
}

/**
 * NEEDS_MAPPING or VALIDATED -> VALIDATING with the chosen columns, its figures and issues
 * cleared, only if it is in one of those states and still holds its file. Whether it was.
 */
export async function recheckWithColumns(
  db: Db,
  locationId: number,
  importId: number,
  chosen: ChosenColumns,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(dataImports)
      .set({
        status: 'VALIDATING',
        columnMapping: chosen,
        errorMessage: null,
        progressDone: 0,
        progressTotal: null,
        rowsRead: 0,
        rowsValid: 0,
        rowsRejected: 0,
        rowsWarned: 0,
        added: 0,
        updated: 0,
        unchanged: 0,
        entities: [],
        reasons: [],
        warnings: [],
        terms: [],
      })
      .where(
        and(
          eq(dataImports.id, importId),
          eq(dataImports.locationId, locationId),
          inArray(dataImports.status, ['NEEDS_MAPPING', 'VALIDATED']),
          sql`${dataImports.storedPath} is not null and ${dataImports.fileColumns} is not null`,
        ),
      )
      .returning({ id: dataImports.id });
    if (rows.length === 0) return false;
    await tx.delete(dataImportIssues).where(eq(dataImportIssues.importId, importId));
    return true;
  });
}
