import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import {
  findSectionRows,
  TERM_COLUMNS,
  TERM_SECTION_COLUMNS,
  toTerm,
  type DepartmentSectionRow,
  type TextbookTermRow,
} from './repository.ts';

/** One section of the store as the list shows it (no rows: not the store's section). */
export async function findOneSection(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<DepartmentSectionRow[]> {
  return findSectionRows(
    db,
    locationId,
    sql`select ${TERM_SECTION_COLUMNS} from sections s
        where s.id = ${sectionId} and s.location_id = ${locationId}`,
  );
}

/** The term a section of the store is in, or null (another store's section is unknown). */
export async function findSectionTerm(
  db: Db,
  locationId: number,
  sectionId: number,
): Promise<TextbookTermRow | null> {
  const [row] = await queryRows<Record<keyof TextbookTermRow, unknown>>(
    db,
    sql`select ${TERM_COLUMNS}
      from sections s join terms t on t.id = s.term_id join divisions d on d.id = t.division_id
      where s.id = ${sectionId} and s.location_id = ${locationId}`,
  );
  return row ? toTerm(row) : null;
}
