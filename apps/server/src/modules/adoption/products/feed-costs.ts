/**
 * The product feed's cost columns (issue 31): what kind of material a product is (an OER with
 * its licence and address, a library e-book with its link) and its price by each way it is
 * offered besides new. Like every optional column, one the file lacks keeps what is stored.
 */
import { MATERIAL_KIND_FEED_WORDS, materialKindFromText } from '@csp/contracts';
import type { ExternalProductWrite } from './repository.ts';

/** A row's problem; thrown while a row is checked, caught per row (feed.ts). */
export class RowError extends Error {}

export function fail(reason: string): never {
  throw new RowError(reason);
}

/** A price above this (in dollars) is a typo or a misplaced column. */
const MAX_PRICE_DOLLARS = 1_000_000;

/** Cents of a price in dollars ("129.95", "$1,299.00"), `column` naming it in the reason. */
export function priceCentsOf(raw: string, column: string): number {
  const plain = raw.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match || Number(match[1]) > MAX_PRICE_DOLLARS) {
    fail(
      `bad ${column} ${JSON.stringify(raw)}: use dollars and cents, e.g. 129.95 (at most ${MAX_PRICE_DOLLARS})`,
    );
  }
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The cost columns a feed may have (header names, any case). */
export const COST_COLUMN_ALIASES = {
  materialKind: ['material_kind', 'kind'],
  licence: ['licence', 'license'],
  accessUrl: ['access_url', 'oer_url', 'library_url'],
  usedPriceCents: ['used_price'],
  rentalPriceCents: ['rental_price'],
  digitalPriceCents: ['digital_price'],
} as const;
export type CostField = keyof typeof COST_COLUMN_ALIASES;

const PRICE_COLUMNS = {
  usedPriceCents: 'used_price',
  rentalPriceCents: 'rental_price',
  digitalPriceCents: 'digital_price',
} as const;

/**
 * The cost fields of one row: `read` answers a column's tidied cell, or undefined when the
 * file has no such column. An empty kind is bought print (what a feed without the column says
 * of every product); an empty price is a way the product is not offered.
 */
export function costFieldsOf(
  read: (field: CostField) => string | undefined,
): Partial<ExternalProductWrite> {
  const fields: Partial<ExternalProductWrite> = {};
  const kind = read('materialKind');
  if (kind !== undefined) {
    const known = kind === '' ? 'COMMERCIAL_PRINT' : materialKindFromText(kind);
    if (!known) {
      fail(`bad material_kind ${JSON.stringify(kind)}: use ${MATERIAL_KIND_FEED_WORDS}`);
    }
    fields.materialKind = known;
  }
  const licence = read('licence');
  if (licence !== undefined) fields.licence = licence === '' ? null : licence.slice(0, 200);
  const url = read('accessUrl');
  if (url !== undefined) {
    if (url !== '' && !/^https?:\/\/[^\s/]+\.\S+$/i.test(url)) {
      fail(`bad access_url ${JSON.stringify(url)}: use an http(s) address`);
    }
    fields.accessUrl = url === '' ? null : url;
  }
  for (const [field, column] of Object.entries(PRICE_COLUMNS) as [
    keyof typeof PRICE_COLUMNS,
    string,
  ][]) {
    const raw = read(field);
    if (raw !== undefined) fields[field] = raw === '' ? null : priceCentsOf(raw, column);
  }
  return fields;
}
