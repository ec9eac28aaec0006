import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';
import { workKey } from '../../../db/work-key.ts';

/** A title asked about, with what its changes are measured against. */
export interface ChangeSubjectRow {
  titleId: number;
  edition: string;
  /** The publication year, or null when the title has no date. */
  year: number | null;
  listPriceCents: number;
  outOfPrint: boolean;
  /** The distributor's product of the same ISBN-13, when it has one. */
  productAvailability: string | null;
  productPriceCents: number | null;
  /** The store's price-change threshold, in percent. */
  thresholdPercent: number;
}

/** Another edition of the same work (same title and authors), in the store or the distributor's. */
export interface OtherEditionRow {
  titleId: number;
  ean13: string;
  edition: string;
  year: number | null;
}

/**
 * A section's enrollment figure as ENROLLMENT_CHANGE compares it, over the alias given: the
 * students enrolled, else the imported estimate (a coming term's sections usually have only
 * that). Zero when neither is known.
 */
export const sectionEnrollmentSql = (alias: string) =>
  sql.raw(
    `case when ${alias}.enrollment_count > 0 then ${alias}.enrollment_count else ${alias}.estimated_enrollment end`,
  );

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const flag = (v: unknown) => v === true || v === 't';

/**
 * The titles of one store asked about, with the distributor's product of the same ISBN-13 (its
 * availability and current price) and the store's price-change threshold. One statement for
 * any number of titles: the product is found by its unique ISBN index.
 */
export async function listChangeSubjects(
  db: Db,
  locationId: number,
  titleIds: readonly number[],
): Promise<ChangeSubjectRow[]> {
  const rows = await queryRows<ChangeSubjectRow>(
    db,
    sql`select ti.id as "titleId", ti.edition,
        extract(year from ti.publish_date)::int as "year",
        ti.list_price_cents as "listPriceCents", ti.out_of_print as "outOfPrint",
        ep.availability as "productAvailability", ep.list_price_cents as "productPriceCents",
        l.price_change_percent as "thresholdPercent"
      from titles ti
        join locations l on l.id = ti.location_id
        left join external_products ep on ep.ean13 = ti.ean13
      where ti.location_id = ${locationId}
        and ti.id in (select json_array_elements_text(${JSON.stringify(titleIds)}::json)::int)`,
  );
  return rows.map((r) => ({
    ...r,
    titleId: Number(r.titleId),
    year: num(r.year),
    listPriceCents: Number(r.listPriceCents),
    outOfPrint: flag(r.outOfPrint),
    productPriceCents: num(r.productPriceCents),
    thresholdPercent: Number(r.thresholdPercent),
  }));
}

/**
 * Every other edition of the asked titles' works: the store's titles (not marked out of print)
 * and the distributor's products it still offers, with the same work key of title and authors
 * (db/work-key.ts, the expression indexes of migration 0037) and another ISBN-13. A title
 * without authors is left out: a course pack's name alone does not identify a work. Which
 * edition is newer is decided by the caller, where "3rd", "Third" and "3rd ed." are read.
 */
export async function listOtherEditions(
  db: Db,
  locationId: number,
  titleIds: readonly number[],
): Promise<OtherEditionRow[]> {
  const rows = await queryRows<OtherEditionRow>(
    db,
    sql`with asked as materialized (
        select ti.id, ti.ean13, ${workKey(sql`ti.description`)} as title_key,
          ${workKey(sql`ti.author`)} as author_key
        from titles ti
        where ti.location_id = ${locationId}
          and ti.id in (select json_array_elements_text(${JSON.stringify(titleIds)}::json)::int)
      )
      select a.id as "titleId", o.ean13, o.edition,
        extract(year from o.publish_date)::int as "year"
      from asked a
        join titles o on o.location_id = ${locationId}
          and ${workKey(sql`o.description`)} = a.title_key
          and ${workKey(sql`o.author`)} = a.author_key
      where a.author_key <> '' and o.ean13 <> a.ean13 and not o.out_of_print
      union
      select a.id, ep.ean13, ep.edition, extract(year from ep.publish_date)::int
      from asked a
        join external_products ep on ${workKey(sql`ep.description`)} = a.title_key
          and ${workKey(sql`ep.author`)} = a.author_key
      where a.author_key <> '' and ep.ean13 <> a.ean13 and ep.availability = 'AVAILABLE'`,
  );
  return rows.map((r) => ({ ...r, titleId: Number(r.titleId), year: num(r.year) }));
}
