import {
  normalizeIsbn,
  type MaterialSearchResult,
  type ResponseOf,
  type searchMaterials,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { formatEan13, presentKind } from './titles.ts';
import {
  countMaterialRows,
  searchMaterialRows,
  type MaterialFilters,
  type MaterialMatch,
  type MaterialRow,
} from './material-search-repository.ts';

/** Words of letters (with their accents) and digits; everything else separates them. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * How a cleaned search string is matched: a valid ISBN-10 or ISBN-13 (the contract has
 * already refused a mistyped one) as its ISBN-13; anything else as words, each matched whole or as the start of a word
 * (so "campb bio" finds Campbell Biology while it is being typed), or corrected when misspelt.
 */
export function materialMatch(searchString: string): MaterialMatch | null {
  const isbn = normalizeIsbn(searchString);
  if (isbn) return { kind: 'isbn', ean13: isbn };
  // Composed form, as titles are typed: a decomposed "école" is the same word.
  const words = (searchString.normalize('NFC').toLowerCase().match(WORD) ?? []).slice(0, 12);
  if (words.length === 0) return null;
  return { kind: 'words', words };
}

function present(row: MaterialRow): MaterialSearchResult {
  return {
    source: row.source,
    titleId: row.source === 'CATALOG' ? row.id : null,
    externalProductId: row.source === 'EXTERNAL' ? row.id : null,
    ean13: row.ean13,
    formattedEan13: formatEan13(row.ean13),
    isbn10: row.isbn10,
    digitalIsbn: row.digitalIsbn,
    description: row.description,
    author: row.author,
    edition: row.edition,
    publisher: row.publisher,
    publishDate: row.publishDate,
    productCode: row.productCode,
    bookImageUrl: row.bookImageUrl,
    ...presentKind(row),
    rank: Math.round(Math.min(1, row.rank) * 1000) / 1000,
  };
}

/**
 * Material search (docs/behaviour/calls.md#adoption-base material/search): the store's titles and the distributor's catalog
 * in one ranked, paged list.
 */
export async function searchMaterialsFor(
  db: Db,
  locationId: number,
  query: MaterialFilters & { searchString: string; page: number; pageSize: number },
): Promise<ResponseOf<typeof searchMaterials>> {
  const match = materialMatch(query.searchString);
  if (!match) return { materials: [], recordCount: 0, isbnMatch: false };
  const offset = (query.page - 1) * query.pageSize;
  const rows = await searchMaterialRows(db, locationId, match, query, {
    offset,
    limit: query.pageSize,
  });
  const recordCount =
    rows[0]?.total ?? (offset > 0 ? await countMaterialRows(db, locationId, match, query) : 0);
  return {
    materials: rows.map(present),
    recordCount,
    isbnMatch: match.kind === 'isbn' && rows.length > 0,
  };
}
