import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { websiteAssets, websites } from '../../db/schema/index.ts';
import type { Website } from '../../lib/request-context.ts';

export type { Website };

export type WebsiteAsset = Pick<
  typeof websiteAssets.$inferSelect,
  'fileName' | 'contentType' | 'content'
>;

/** The website whose search string (docs/behaviour/calls.md#host-rule applied) is `host`. */
export async function findWebsiteByHost(db: Db, host: string): Promise<Website | null> {
  const [row] = await db.select().from(websites).where(eq(websites.host, host)).limit(1);
  return row ?? null;
}

// Every page load of every store asks for its site configuration: the statement is prepared
// once per handle (db/prepared-query.ts); building it was most of what the call added to its SQL.
const byJsonFileName = preparedQuery('csp_website_by_json_file_name', (db) =>
  db
    .select()
    .from(websites)
    .where(eq(websites.jsonFileName, sql.placeholder('jsonFileName')))
    .limit(1),
);

export async function findWebsiteByJsonFileName(
  db: Db,
  jsonFileName: string,
): Promise<Website | null> {
  const [row] = await byJsonFileName(db).execute({ jsonFileName });
  return row ?? null;
}

export async function findWebsiteAsset(db: Db, fileName: string): Promise<WebsiteAsset | null> {
  const [row] = await db
    .select({
      fileName: websiteAssets.fileName,
      contentType: websiteAssets.contentType,
      content: websiteAssets.content,
    })
    .from(websiteAssets)
    .where(eq(websiteAssets.fileName, fileName))
    .limit(1);
  return row ?? null;
}
