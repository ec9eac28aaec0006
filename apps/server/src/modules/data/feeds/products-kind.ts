import { isbn10To13, isbn13To10 } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { KindRun, missing, tallyChunk, type Built, type Mode, type Outcome } from './import-kind.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import { classifyTitles, writeTitles, type TitleWrite } from '../apply/titles-import-repository.ts';

interface ProductRecord {
  ean13: string;
  isbn10: string | null;
  title: string;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  price: number | null;
}

interface ProductState {
  firstRow: number;
  record: ProductRecord;
  outcome: Outcome | null;
}

/**
 * Products and prices as the store's titles (natural key: the ISBN-13; an ISBN-10 is
 * converted, and when a row gives both they must be the same book). Rows of one ISBN merge;
 * a row giving another title, author, edition, publisher or price is rejected.
 */
export class ProductsRun extends KindRun<ProductRecord> {
  readonly entities = ['titles'] as const;
  private readonly products = new Map<string, ProductState>();
  private chunkRecords: ProductState[] = [];
  private chunkRows: ProductState[] = [];

  build(values: FieldValues): Built<ProductRecord> {
    const issues: CellIssue[] = [];
    const isbn13 = this.optionalText(values, 'isbn13');
    const isbn10 = this.optionalText(values, 'isbn10');
    const title = this.text(values, 'title', issues);
    const ean13 = isbn13 ?? (isbn10 ? isbn10To13(isbn10) : null);
    if (!ean13) {
      const field = this.ctx.mapper.has('isbn13') ? 'isbn13' : 'isbn10';
      issues.push(this.issue(field, '', 'is required'));
    } else if (isbn13 && isbn10 && isbn10To13(isbn10) !== isbn13) {
      issues.push(this.issue('isbn10', isbn10, 'is not the same book as the ISBN-13'));
    }
    if (issues.length > 0 || !ean13) return { issues };
    return {
      record: {
        ean13,
        isbn10: isbn10 ?? isbn13To10(ean13),
        title,
        author: this.optionalText(values, 'author'),
        edition: this.optionalText(values, 'edition'),
        publisher: this.optionalText(values, 'publisher'),
        price: this.optionalNumber(values, 'price'),
      },
    };
  }

  admit(rowNumber: number, record: ProductRecord): CellIssue[] {
    const state = this.products.get(record.ean13);
    if (!state) {
      this.products.set(record.ean13, { firstRow: rowNumber, record, outcome: null });
      return [];
    }
    const issues = this.contradictions(
      state.record,
      record,
      state.firstRow,
      ['title', 'author', 'edition', 'publisher', 'price'],
      'ISBN',
    );
    if (issues.length > 0) return issues;
    const merged = state.record;
    merged.author ??= record.author;
    merged.edition ??= record.edition;
    merged.publisher ??= record.publisher;
    merged.price ??= record.price;
    return [];
  }

  take(rowNumber: number, record: ProductRecord): void {
    const state = this.products.get(record.ean13);
    if (!state) throw new Error(`row ${rowNumber} was not admitted`);
    if (state.firstRow === rowNumber) this.chunkRecords.push(state);
    this.chunkRows.push(state);
  }

  pending(): number {
    return this.chunkRows.length;
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { locationId, tally } = this.ctx;
    const rows: TitleWrite[] = this.chunkRecords.map(({ record: r }, i) => ({ i, ...r }));
    const classes = await classifyTitles(db, locationId, rows);
    if (mode === 'apply') {
      await writeTitles(db, locationId, rows);
      await this.grew(db, 'titles', missing(classes));
    }
    tallyChunk(tally, 'titles', classes, this.chunkRecords, this.chunkRows);
    this.chunkRecords = [];
    this.chunkRows = [];
  }
}
