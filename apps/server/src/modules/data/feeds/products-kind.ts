import { isbn10To13, isbn13To10 } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { KeyedKindRun, missing, tallyChunk, type Built, type Mode } from './import-kind.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import { classifyTitles, writeTitles, type TitleWrite } from '../apply/titles-import-repository.ts';

/** A product of the feed: the title it writes, without its place in a chunk. */
type ProductRecord = Omit<TitleWrite, 'i'>;

/**
 * Products and prices as the store's titles (natural key: the ISBN-13; an ISBN-10 is
 * converted, and when a row gives both they must be the same book). Rows of one ISBN merge;
 * a row giving another title, author, edition, publisher or price is rejected.
 */
export class ProductsRun extends KeyedKindRun<ProductRecord> {
  readonly entities = ['titles'] as const;

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
    const state = this.admitted.get(record.ean13);
    if (!state) {
      this.admitted.set(record.ean13, { firstRow: rowNumber, record, outcome: null });
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

  protected keyOf(record: ProductRecord): string {
    return record.ean13;
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
    this.endChunk();
  }
}
