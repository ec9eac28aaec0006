import { proposedTitles, titles } from '../schema/index.ts';
import type { CatalogData } from './catalog-data.ts';
import { isoDay } from './dates.ts';
import { isbn13To10, makeIsbn13 } from '@csp/contracts';
import type { Rng } from './prng.ts';
import { rngFor, spread, type GenContext } from './store-plan.ts';
import {
  EDITIONS,
  FIRST_NAMES,
  LAST_NAMES,
  PROPOSED_NOTES,
  PUBLISHERS,
  TITLE_PATTERNS,
} from './word-lists.ts';

export interface TitleData {
  titles: (typeof titles.$inferInsert)[];
  proposedTitles: (typeof proposedTitles.$inferInsert)[];
  /** Title ids per department index, so adoptions pick subject-matching books. */
  titlesByDepartment: number[][];
  titlePrice: Map<number, number>;
  titlePublisher: Map<number, string>;
  proposedTitleIds: number[];
}

/** Product kinds: code, share, price range in dollars, how the title text is built. */
const PRODUCTS = [
  ['TXT', 80, 50, 330],
  ['LAB', 7, 25, 90],
  ['ACC', 8, 70, 150],
  ['PCK', 5, 20, 60],
] as const;

/** Hands out distinct 9-digit ISBN bodies, so no two titles of a store share an ISBN. */
class IsbnSource {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  next(prefix: '978' | '979'): string {
    for (;;) {
      // 978-0/978-1 are English-language groups; 979-8 is the US range of 979.
      const body =
        prefix === '978' ? this.rng.int(0, 199_999_999) : this.rng.int(800_000_000, 899_999_999);
      const isbn = makeIsbn13(prefix, body);
      if (!this.used.has(isbn)) {
        this.used.add(isbn);
        return isbn;
      }
    }
  }
}

function authors(rng: Rng): string {
  const count = rng.weighted([
    [1, 55],
    [2, 30],
    [3, 15],
  ]);
  const names = Array.from(
    { length: count },
    () => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
  );
  if (names.length === 1) return names[0] as string;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function titleText(rng: Rng, product: string, topic: string): string {
  if (product === 'LAB') return `Laboratory Manual for ${topic}`;
  if (product === 'ACC') return `${topic} Online Homework Access Code`;
  if (product === 'PCK') return `${topic} Course Pack`;
  return rng.pick(TITLE_PATTERNS).replace('{t}', topic);
}

/** Catalog titles (valid ISBN-13, ISBN-10 where the prefix is 978) and proposed titles. */
export function generateTitles(
  ctx: GenContext,
  catalog: CatalogData,
  productTypeIds: readonly number[],
): TitleData {
  const { plan, ids } = ctx;
  const rng = rngFor(plan, 3);
  const isbns = new IsbnSource(rng);
  const locationId = plan.locationId;
  const data: TitleData = {
    titles: [],
    proposedTitles: [],
    titlesByDepartment: catalog.departmentInfo.map(() => []),
    titlePrice: new Map(),
    titlePublisher: new Map(),
    proposedTitleIds: [],
  };
  const perDepartment = spread(plan.titles, catalog.departmentInfo.length);
  catalog.departmentInfo.forEach((department, departmentIndex) => {
    for (let n = 0; n < (perDepartment[departmentIndex] ?? 0); n++) {
      const id = ids.next(titles);
      const topic = rng.pick(department.def.topics);
      const product = rng.weighted(PRODUCTS.map(([code, share]) => [code, share] as const));
      const [, , minDollars, maxDollars] =
        PRODUCTS.find(([code]) => code === product) ?? PRODUCTS[0];
      const ean13 = isbns.next(rng.chance(0.08) ? '979' : '978');
      const publisher = rng.pick(PUBLISHERS);
      const price = rng.int(minDollars, maxDollars) * 100 + 99;
      data.titles.push({
        id,
        locationId,
        ean13,
        isbn10: isbn13To10(ean13),
        digitalIsbn: product === 'TXT' && rng.chance(0.25) ? isbns.next('978') : null,
        author: product === 'PCK' ? '' : authors(rng),
        description: titleText(rng, product, topic),
        productCode: product,
        edition: product === 'TXT' ? rng.pick(EDITIONS.slice(0, rng.int(1, EDITIONS.length))) : '',
        publisher,
        publishDate: isoDay(ctx.todayDay - rng.int(60, 365 * 12)),
        bookImageUrl: null,
        listPriceCents: price,
      });
      data.titlesByDepartment[departmentIndex]?.push(id);
      data.titlePrice.set(id, price);
      data.titlePublisher.set(id, publisher);
    }
  });

  for (let n = 0; n < plan.proposedTitles; n++) {
    const id = ids.next(proposedTitles);
    const department = rng.pick(catalog.departmentInfo);
    const topic = rng.pick(department.def.topics);
    const digital = rng.chance(0.3);
    const publisher = rng.pick(PUBLISHERS);
    data.proposedTitles.push({
      id,
      locationId,
      author: authors(rng),
      contactInformation: `${publisher} sales representative, rep${n + 1}@publisher.example.com`,
      description: rng.chance(0.5) ? `${topic}: Selected Readings` : `Open Resources for ${topic}`,
      digitalProduct: digital,
      edition: rng.chance(0.6) ? 'Latest' : rng.pick(EDITIONS),
      notes: rng.chance(0.6) ? rng.pick(PROPOSED_NOTES) : '',
      productCode: digital ? 'DIGITAL' : 'PRINT',
      productLink: `https://publisher.example.com/catalog/${id}`,
      proposedProductTypeId: productTypeIds.length > 0 ? rng.pick(productTypeIds) : null,
      publisher,
    });
    data.proposedTitleIds.push(id);
  }
  return data;
}
