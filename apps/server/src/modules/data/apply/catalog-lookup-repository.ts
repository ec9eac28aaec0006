import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

export interface DivisionRow {
  id: number;
  name: string;
  universityName: string;
}

export interface TermRow {
  id: number;
  divisionId: number;
  name: string;
  startDate: string;
  endDate: string;
}

export async function loadDivisions(db: Db, locationId: number): Promise<DivisionRow[]> {
  const rows = await queryRows<DivisionRow>(
    db,
    sql`select id, name, university_name as "universityName" from divisions
      where location_id = ${locationId} order by id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function loadTerms(db: Db, locationId: number): Promise<TermRow[]> {
  const rows = await queryRows<TermRow>(
    db,
    sql`select id, division_id as "divisionId", name, start_date::text as "startDate",
        end_date::text as "endDate"
      from terms where location_id = ${locationId} order by id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), divisionId: Number(r.divisionId) }));
}
