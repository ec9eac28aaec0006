import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { classify, recordset, type Classified } from './recordset-repository.ts';

/** A product of an import, as the store's title of that ISBN-13. Null fields: not given. */
export interface TitleWrite {
  i: number;
  ean13: string;
  isbn10: string | null;
  title: string;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  price: number | null;
}
const TITLE =
  'i int, ean13 text, isbn10 text, title text, author text, edition text, publisher text, price int';

const titleChanges = sql`(t.description, t.isbn10, t.author, t.edition, t.publisher, t.list_price_cents)
  is distinct from (x.title, coalesce(x.isbn10, t.isbn10), coalesce(x.author, t.author),
    coalesce(x.edition, t.edition), coalesce(x.publisher, t.publisher),
    coalesce(x.price, t.list_price_cents))`;

export function classifyTitles(
  db: Db,
  locationId: number,
  rows: readonly TitleWrite[],
): Promise<Classified[]> {
  return classify(db, rows, () =>
    sql`select x.i, t.id is not null as exists, t.id is not null and ${titleChanges} as differs
      from ${recordset(rows, TITLE)}
      left join titles t on t.location_id = ${locationId} and t.ean13 = x.ean13`,
  );
}

/** Creates the titles not in the store (by ISBN-13) and writes what changed of the others. */
export async function writeTitles(
  db: Db,
  locationId: number,
  rows: readonly TitleWrite[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into titles (location_id, ean13, isbn10, description, author, edition, publisher,
        list_price_cents)
      select ${locationId}, x.ean13, x.isbn10, x.title, coalesce(x.author, ''),
        coalesce(x.edition, ''), coalesce(x.publisher, ''), coalesce(x.price, 0)
      from ${recordset(rows, TITLE)}
      on conflict (location_id, ean13) do nothing`,
  );
  await db.execute(
    sql`update titles t set description = x.title, isbn10 = coalesce(x.isbn10, t.isbn10),
        author = coalesce(x.author, t.author), edition = coalesce(x.edition, t.edition),
        publisher = coalesce(x.publisher, t.publisher),
        list_price_cents = coalesce(x.price, t.list_price_cents)
      from ${recordset(rows, TITLE)}
      where t.location_id = ${locationId} and t.ean13 = x.ean13 and ${titleChanges}`,
  );
}
