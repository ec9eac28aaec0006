import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/**
 * The store's name and its first website (by id), whose address the links of a campaign
 * e-mail use: a scheduled run has no request, so no Host, to take it from.
 */
export async function findStoreSite(
  db: Db,
  locationId: number,
): Promise<{ storeName: string; host: string; publicUrl: string | null }> {
  const [row] = await queryRows<{
    storeName: string;
    host: string | null;
    publicUrl: string | null;
  }>(
    db,
    sql`select l.name as "storeName", w.host, w.public_url as "publicUrl"
        from locations l
        left join lateral (select host, public_url from websites
                           where location_id = l.id order by id limit 1) w on true
        where l.id = ${locationId}`,
  );
  return {
    storeName: row?.storeName ?? 'Campus Store Portal',
    host: row?.host ?? 'localhost',
    publicUrl: row?.publicUrl ?? null,
  };
}
