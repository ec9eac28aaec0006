/**
 * The large benchmark seed's distributor catalog: 200,000 fictitious products (at scale 1) for
 * material search to rank. Titles and authors recombine the subject topics and name lists of
 * the other generators and the real titles of the demo catalog (NOTICE.md) with volumes,
 * companions and editions; ISBNs are invented, valid and distinct.
 */
import { isbn13To10, makeIsbn13 } from '@csp/contracts';
import { dayNumber, isoDay } from '../dates.ts';
import { ALL_DEPARTMENTS } from '../department-catalog.ts';
import { Rng } from '../prng.ts';
import { EDITIONS, FIRST_NAMES, LAST_NAMES, PUBLISHERS, TITLE_PATTERNS } from '../word-lists.ts';
import { demoProducts, PRINT_PRODUCT_COSTS, type ExternalProductRow } from './demo-products.ts';

/** Products at scale 1. */
export const LARGE_EXTERNAL_PRODUCTS = 200_000;
/** The `source` of generated products. */
export const GENERATED_SOURCE = 'generated';

const SEED = 0x1a56_e0e7;
const YEARS_BACK = 30;

const MORE_PUBLISHERS = [
  'Harvard University Press',
  'University of Chicago Press',
  'Yale University Press',
  'University of California Press',
  'Columbia University Press',
  'University of Toronto Press',
  'Johns Hopkins University Press',
  'Bloomsbury Academic',
  'Palgrave Macmillan',
  'CRC Press',
  'Academic Press',
  'Sinauer Associates',
  'OpenStax',
  'Penguin Classics',
  'Vintage',
  'Hackett Publishing',
  'Broadview Press',
  'Thieme',
  'F. A. Davis',
] as const;
const ALL_PUBLISHERS: readonly string[] = [...PUBLISHERS, ...MORE_PUBLISHERS];

const SUBTITLES = [
  'A Global Perspective',
  'Concepts and Cases',
  'An Introduction',
  'Principles and Practice',
  'A Critical Introduction',
  'With Applications',
  'Theory, Research and Practice',
  'A Problem-Solving Approach',
  'Core Concepts',
  'A Very Short Introduction',
  'Canadian Edition',
  'International Student Edition',
  'Brief Edition',
  'Media Update',
] as const;

/** Companion products built on a real title: `{b}` is the book's title. */
const COMPANIONS = [
  '{b}, Volume 1',
  '{b}, Volume 2',
  'Study Guide for {b}',
  '{b}: Student Solutions Manual',
  '{b} (Annotated Edition)',
  '{b}: Workbook',
  "{b}: Instructor's Edition",
  'A Companion to {b}',
  '{b}, Abridged',
  '{b} (Loose-Leaf)',
] as const;

const TOPICS: readonly string[] = [...new Set(ALL_DEPARTMENTS.flatMap((d) => d.topics))];

/** Hands out distinct ISBN-13s, never one of `taken` (the products and titles already there). */
class IsbnSource {
  private readonly used: Set<string>;

  constructor(
    private readonly rng: Rng,
    taken: Iterable<string>,
  ) {
    this.used = new Set(taken);
  }

  next(prefix: '978' | '979'): string {
    for (;;) {
      // 978-0/978-1 are the English-language groups; 979-8 is the US range of 979.
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

function personName(rng: Rng): string {
  const initial = rng.chance(0.25) ? ` ${rng.pick(FIRST_NAMES).charAt(0)}.` : '';
  return `${rng.pick(FIRST_NAMES)}${initial} ${rng.pick(LAST_NAMES)}`;
}

function authors(rng: Rng): string {
  const count = rng.weighted([
    [1, 50],
    [2, 30],
    [3, 15],
    [4, 5],
  ]);
  const names = Array.from({ length: count }, () => personName(rng));
  if (names.length === 1) return names[0] as string;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function edition(rng: Rng): string {
  if (rng.chance(0.1)) return '';
  if (rng.chance(0.35)) return '1st';
  // Later editions get rarer: 2nd is the most common, 12th the least.
  return rng.weighted(EDITIONS.slice(1).map((e, i) => [e, EDITIONS.length - i] as const));
}

interface Made {
  description: string;
  author: string;
  productCode: string;
  dollars: readonly [number, number];
}

type Kind = 'pattern' | 'pair' | 'companion' | 'reprint' | 'lab' | 'access' | 'pack';
const KINDS: readonly (readonly [Kind, number])[] = [
  ['pattern', 40],
  ['pair', 8],
  ['companion', 22],
  ['reprint', 15],
  ['lab', 6],
  ['access', 6],
  ['pack', 3],
];

function make(rng: Rng, kind: Kind, real: readonly ExternalProductRow[]): Made {
  const topic = rng.pick(TOPICS);
  switch (kind) {
    case 'pattern': {
      const title = rng.pick(TITLE_PATTERNS).replace('{t}', topic);
      const description =
        rng.chance(0.35) && !title.includes(':') ? `${title}: ${rng.pick(SUBTITLES)}` : title;
      return { description, author: authors(rng), productCode: 'TXT', dollars: [40, 330] };
    }
    case 'pair': {
      let other = rng.pick(TOPICS);
      if (other === topic) other = rng.pick(TOPICS);
      const description = rng.chance(0.5)
        ? `${topic} and ${other}`
        : `Readings in ${topic} and ${other}`;
      return { description, author: authors(rng), productCode: 'TXT', dollars: [30, 180] };
    }
    case 'companion': {
      const book = rng.pick(real);
      const description = rng.pick(COMPANIONS).replace('{b}', book.description);
      const author = book.author || authors(rng);
      return { description, author, productCode: 'TXT', dollars: [15, 120] };
    }
    case 'reprint': {
      // The same real book from another publisher or in another edition.
      const book = rng.pick(real);
      const author = book.author || authors(rng);
      return { description: book.description, author, productCode: 'TXT', dollars: [10, 90] };
    }
    case 'lab':
      return {
        description: `Laboratory Manual for ${topic}`,
        author: authors(rng),
        productCode: 'LAB',
        dollars: [25, 90],
      };
    case 'access':
      return {
        description: `${topic} Online Homework Access Code`,
        author: '',
        productCode: 'ACC',
        dollars: [70, 150],
      };
    case 'pack':
      return {
        description: `${topic} Course Pack`,
        author: '',
        productCode: 'PCK',
        dollars: [20, 60],
      };
  }
}

/**
 * `count` generated products, the same ones for the same `count`, `today` and `taken` ISBNs
 * (those of the products and titles already in the database, which the new ones avoid).
 * About 8% have a 979 ISBN-13 (so no ISBN-10) and 30% of the textbooks a digital ISBN (979).
 */
export function generateExternalProducts(
  count: number,
  today: Date,
  taken: Iterable<string> = [],
): ExternalProductRow[] {
  const rng = new Rng(SEED);
  const isbns = new IsbnSource(rng, taken);
  const real = demoProducts();
  const todayDay = dayNumber(today);
  const rows: ExternalProductRow[] = [];
  for (let n = 0; n < count; n++) {
    const made = make(rng, rng.weighted(KINDS), real);
    const ean13 = isbns.next(rng.chance(0.08) ? '979' : '978');
    const [minDollars, maxDollars] = made.dollars;
    rows.push({
      ean13,
      isbn10: isbn13To10(ean13),
      digitalIsbn: made.productCode === 'TXT' && rng.chance(0.3) ? isbns.next('979') : null,
      description: made.description,
      author: made.author,
      edition: made.productCode === 'TXT' ? edition(rng) : '',
      publisher: rng.pick(ALL_PUBLISHERS),
      publishDate: isoDay(todayDay - rng.int(0, YEARS_BACK * 365)),
      productCode: made.productCode,
      bookImageUrl: null,
      listPriceCents: rng.int(minDollars, maxDollars) * 100 + rng.pick([0, 50, 95, 99]),
      source: GENERATED_SOURCE,
      availability: 'AVAILABLE',
      ...PRINT_PRODUCT_COSTS,
    });
  }
  return rows;
}
