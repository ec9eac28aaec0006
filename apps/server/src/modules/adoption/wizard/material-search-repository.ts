import { sql, type SQL } from 'drizzle-orm';
import { MATERIAL_SEARCH_MAX_RESULTS, type MaterialKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** What narrows a search besides its words or ISBN (docs/behaviour/calls.md#adoption-base material/search params). */
export interface MaterialFilters {
  edition?: string | undefined;
  publisher?: string | undefined;
  publishStartDate?: string | undefined;
  publishEndDate?: string | undefined;
}

/** How the search string is matched: one ISBN exactly, or words (exact or prefix, and typos). */
export type MaterialMatch = { kind: 'isbn'; ean13: string } | { kind: 'words'; words: string[] };

export interface MaterialRow {
  source: 'CATALOG' | 'EXTERNAL';
  id: number;
  ean13: string;
  isbn10: string | null;
  digitalIsbn: string | null;
  description: string;
  author: string;
  edition: string;
  publisher: string;
  publishDate: string | null;
  productCode: string;
  bookImageUrl: string | null;
  /** Issue 31: what a student pays for it, so the wizard shows OER and library e-books so. */
  materialKind: MaterialKind;
  licence: string | null;
  accessUrl: string | null;
  listPriceCents: number;
  usedPriceCents: number | null;
  rentalPriceCents: number | null;
  digitalPriceCents: number | null;
  rank: number;
  total: number;
}

const contains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters, as conditions on a table alias (t: titles, e: external products). */
function filterSql(alias: 't' | 'e', f: MaterialFilters): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (f.edition) parts.push(sql`${col('edition')} ilike ${contains(f.edition)}`);
  if (f.publisher) parts.push(sql`${col('publisher')} ilike ${contains(f.publisher)}`);
  if (f.publishStartDate) parts.push(sql`${col('publish_date')} >= ${f.publishStartDate}`);
  if (f.publishEndDate) parts.push(sql`${col('publish_date')} <= ${f.publishEndDate}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/**
 * The words path's queries, worked out once per statement (ADR 0011): `exact` matches every
 * word as typed (a whole word or the start of one), `whole` every word as a whole word;
 * `loose` also accepts, for each word of three letters or more, the three vocabulary words
 * most similar to it (pg_trgm), so a typo still finds the book. `loose` is worked out only
 * when the exact matches are too few.
 */
function wordQueriesSql(words: readonly string[]): SQL {
  const typed = sql.join(
    words.map((w) => sql`${w}::text`),
    sql`, `,
  );
  // A word of one or two characters ("of", "3") matches only itself: as a prefix it would
  // match thousands of words and read their whole index entries.
  const asTyped = sql`quote_literal(w) || case when length(w) >= 3 then ':*' else '' end`;
  return sql`typed as (
      select w, i from unnest(array[${typed}]) with ordinality as u(w, i)
    ), query as (
      select to_tsquery('simple', string_agg(${asTyped}, ' & ' order by i)) as exact,
        to_tsquery('simple', string_agg(quote_literal(w), ' & ' order by i)) as whole
      from typed
    ), corrected as (
      select to_tsquery('simple', string_agg('(' || alt || ')', ' & ' order by i)) as loose
      from (
        select i, string_agg(term, ' | ') as alt from (
          select i, ${asTyped} as term from typed
          union all
          select typed.i, quote_literal(similar_word.word) from typed cross join lateral (
            select v.word from search_vocabulary v
            where length(typed.w) >= 3 and v.word % typed.w and v.word <> typed.w
            order by similarity(v.word, typed.w) desc, v.word limit 3
          ) similar_word
        ) terms group by i
      ) alternatives
    )`;
}

type Arm = { table: 'titles' | 'external_products'; alias: 't' | 'e' };
const ARMS: Arm[] = [
  { table: 'titles', alias: 't' },
  { table: 'external_products', alias: 'e' },
];

const columns = (alias: 't' | 'e') =>
  sql.raw(`${alias}.id, ${alias}.ean13, ${alias}.isbn10, ${alias}.digital_isbn as "digitalIsbn",
    ${alias}.description, ${alias}.author, ${alias}.edition, ${alias}.publisher,
    ${alias}.publish_date::text as "publishDate", ${alias}.product_code as "productCode",
    ${alias}.book_image_url as "bookImageUrl", ${alias}.material_kind as "materialKind",
    ${alias}.licence, ${alias}.access_url as "accessUrl", ${alias}.list_price_cents as "listPriceCents",
    ${alias}.used_price_cents as "usedPriceCents", ${alias}.rental_price_cents as "rentalPriceCents",
    ${alias}.digital_price_cents as "digitalPriceCents"`);

/** The rows of one source a search may show: the store's titles, or products it lacks. */
function sourceSql(arm: Arm, locationId: number, filters: MaterialFilters): SQL {
  return arm.alias === 't'
    ? sql`t.location_id = ${locationId} and ${filterSql('t', filters)}`
    : sql`${filterSql('e', filters)} and not exists (select 1 from titles owned
        where owned.location_id = ${locationId} and owned.ean13 = e.ean13)`;
}

/**
 * One source's matches of one kind, at most MATERIAL_SEARCH_MAX_RESULTS of them. The GIN index
 * still reads every matching entry, but the heap visits stop there: a word found in 25,000
 * titles fetches 500 rows, not 25,000. A match carries only what ranks and orders it; the
 * shown page's rows fetch their columns (a large store's own titles fill this arm, and wide
 * rows through the ranking made its search 1.5-1.7x the demo store's, issue 26).
 */
function armSql(arm: Arm, condition: SQL, rank: SQL, from: SQL, source: SQL): SQL {
  const kind = arm.alias === 't' ? 'CATALOG' : 'EXTERNAL';
  return sql`(select ${kind} as source, ${sql.raw(arm.alias)}.id, ${sql.raw(arm.alias)}.description,
      (${rank})::float8 as rank
    from ${sql.raw(`${arm.table} ${arm.alias}`)} ${from}
    where ${condition} and ${source}
    limit ${MATERIAL_SEARCH_MAX_RESULTS})`;
}

/**
 * How well a row matches, best first (the `rank` a client sees). What the title says outranks
 * what the author's name says, and a word as typed outranks a corrected one: "anatomy" lists
 * Anatomy & Physiology before The Climb, whose author Anatoli is only a correction of it.
 */
const RANK = {
  isbn: 1,
  titleWholeWords: 1,
  titleAsTyped: 0.75,
  authorAsTyped: 0.5,
  titleCorrected: 0.25,
  authorCorrected: 0.125,
} as const;
/** A rank as an SQL literal, so the cap below can pick its tier with `rank =` on a number. */
const rankOf = (key: keyof typeof RANK) => sql.raw(String(RANK[key]));

/**
 * At most this many rows that match only once a word is corrected to a word of the author's
 * name: such look-alike names ("Anatole" for "anatomy") are guesses and must not fill the list.
 */
const MATERIAL_SEARCH_AUTHOR_GUESSES = 5;

/** Best first; among equal matches the store's own titles before the distributor's products. */
const ORDER = sql.raw(
  `rank desc, source <> 'CATALOG', length(description), description collate "C", source, id`,
);

/** The title's own words, for ranking the rows a search fetched (never to find them). */
const titleWords = (alias: string) => sql.raw(`to_tsvector('simple', ${alias}.description)`);

/**
 * The statement's CTEs up to `hits`, every match to rank: an ISBN's, or the words' (ADR 0011):
 * first the rows with every word as typed; then, only while those are fewer than
 * MATERIAL_SEARCH_MAX_RESULTS, the rows that match once misspelt words are corrected, of which
 * those matched only through the author are capped at MATERIAL_SEARCH_AUTHOR_GUESSES. The
 * indexes find the rows; RANK is worked out on the rows found.
 */
function hitsSql(locationId: number, match: MaterialMatch, filters: MaterialFilters): SQL {
  const arms = (condition: (alias: string) => SQL, rank: (alias: string) => SQL, from: SQL) =>
    sql.join(
      ARMS.map((arm) =>
        armSql(
          arm,
          condition(arm.alias),
          rank(arm.alias),
          from,
          sourceSql(arm, locationId, filters),
        ),
      ),
      sql` union all `,
    );
  if (match.kind === 'isbn') {
    const byIsbn = (a: string) =>
      sql`(${sql.raw(a)}.ean13 = ${match.ean13} or ${sql.raw(a)}.digital_isbn = ${match.ean13})`;
    return sql`hits as (${arms(byIsbn, () => rankOf('isbn'), sql``)})`;
  }
  const words = (a: string) => sql.raw(`${a}.search_words`);
  const asTypedRank = (a: string) => sql`case
    when ${titleWords(a)} @@ query.whole then ${rankOf('titleWholeWords')}
    when ${titleWords(a)} @@ query.exact then ${rankOf('titleAsTyped')}
    else ${rankOf('authorAsTyped')} end`;
  const correctedRank = (a: string) => sql`case
    when ${titleWords(a)} @@ corrected.loose then ${rankOf('titleCorrected')}
    else ${rankOf('authorCorrected')} end`;
  return sql`${wordQueriesSql(match.words)},
    exact_hits as materialized (${arms((a) => sql`${words(a)} @@ query.exact`, asTypedRank, sql`, query`)}),
    corrected_hits as materialized (${arms(
      (a) => sql`(select count(*) from exact_hits) < ${MATERIAL_SEARCH_MAX_RESULTS}
        and ${words(a)} @@ corrected.loose and not (${words(a)} @@ query.exact)`,
      correctedRank,
      sql`, query, corrected`,
    )}),
    hits as (
      select * from exact_hits
      union all select * from corrected_hits where rank = ${rankOf('titleCorrected')}
      union all (select * from corrected_hits where rank = ${rankOf('authorCorrected')}
        order by ${ORDER} limit ${MATERIAL_SEARCH_AUTHOR_GUESSES})
    )`;
}

/**
 * One page of the store's titles and the distributor's products that match, best first (RANK,
 * then the store's own titles, then shorter titles), with the number of matches (counted up to
 * MATERIAL_SEARCH_MAX_RESULTS). A product whose ISBN the store already has as a title is left
 * out (docs/behaviour/validation.md): the store's title stands for it.
 */
export async function searchMaterialRows(
  db: Db,
  locationId: number,
  match: MaterialMatch,
  filters: MaterialFilters,
  page: { offset: number; limit: number },
): Promise<MaterialRow[]> {
  const rows = await queryRows<MaterialRow>(
    db,
    sql`with ${hitsSql(locationId, match, filters)},
    best as (
      select * from hits
      order by ${ORDER}
      limit ${MATERIAL_SEARCH_MAX_RESULTS}
    ),
    shown as (
      select *, count(*) over () as total from best
      order by ${ORDER}
      offset ${page.offset} limit ${page.limit}
    )
    select * from (
      select shown.source, shown.rank, shown.total, ${columns('t')}
        from shown join titles t on t.id = shown.id where shown.source = 'CATALOG'
      union all
      select shown.source, shown.rank, shown.total, ${columns('e')}
        from shown join external_products e on e.id = shown.id where shown.source = 'EXTERNAL'
    ) page
    order by ${ORDER}`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    rank: Number(r.rank),
    total: Number(r.total),
  }));
}

/** How many matches there are, for a page past the last one. */
export async function countMaterialRows(
  db: Db,
  locationId: number,
  match: MaterialMatch,
  filters: MaterialFilters,
): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`with ${hitsSql(locationId, match, filters)}
    select least(${MATERIAL_SEARCH_MAX_RESULTS}, count(*)) as n from hits`,
  );
  return Number(row?.n ?? 0);
}
