import type { MaterialKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import {
  findAccounts,
  findBooks,
  findCoursesInTerms,
  portalAdoptedSections,
  type CourseKey,
  type FoundCourse,
} from '../apply/adoption-history-repository.ts';

/** A book the row names: by ISBN-13 (its description optional), or by its description alone. */
export interface Material {
  ean13: string | null;
  title: string | null;
  author: string | null;
  edition: string | null;
  publisher: string | null;
}

export interface HistoryRecord {
  course: CourseKey;
  termName: string;
  /** Null: the whole course that term (every section it has). */
  sectionCode: string | null;
  material: Material;
  /** The adoption's key within its course: its term and its material. */
  importKey: string;
  required: boolean;
  adopterEmail: string | null;
  /** The kind the file gives (issue 31); null: the title's own (or what is stored, on update). */
  materialKind: MaterialKind | null;
}

/** A book's key within a course: its ISBN, or its description as a proposed title. */
export function materialKey(m: Material): string {
  if (m.ean13) return `isbn:${m.ean13}`;
  const words = [m.title, m.author, m.edition].map((w) => (w ?? '').toLowerCase());
  return `proposed:${words.join('|')}`;
}

/**
 * What adoption history rows refer to in the store, looked up a batch at a time in pass 1 and
 * kept for the import: courses with their sections in the term, books by ISBN, adopters by
 * e-mail, and the sections where the portal itself adopted a row's title.
 */
export class HistoryLookups {
  private readonly courses = new Map<string, FoundCourse>();
  private readonly books = new Map<string, { titleId: number | null; distributor: boolean }>();
  private readonly accounts = new Map<string, number | null>();
  /** Sections where the portal adopted the record's title: record key + section id. */
  private readonly portalTaken = new Set<string>();
  /**
   * Each ISBN's description as the file first gives it (by the end of the batch that gives it):
   * other rows of the book may leave it out, and a book new to the store is made from it.
   */
  private readonly described = new Map<string, Material>();

  constructor(
    private readonly locationId: number,
    private readonly keyOf: (record: HistoryRecord) => string,
  ) {}

  async resolve(db: Db, records: readonly HistoryRecord[]): Promise<void> {
    const courses = new Map<string, CourseKey>();
    const ean13s = new Set<string>();
    const emails = new Set<string>();
    for (const r of records) {
      const { ean13, title } = r.material;
      if (ean13 && title && !this.described.has(ean13)) this.described.set(ean13, r.material);
      if (!this.courses.has(r.course.k)) courses.set(r.course.k, r.course);
      if (ean13 && !this.books.has(ean13)) ean13s.add(ean13);
      if (r.adopterEmail && !this.accounts.has(r.adopterEmail)) emails.add(r.adopterEmail);
    }
    for (const found of await findCoursesInTerms(db, [...courses.values()])) {
      this.courses.set(found.k, found);
    }
    for (const book of await findBooks(db, this.locationId, [...ean13s])) {
      this.books.set(book.ean13, book);
    }
    for (const email of emails) this.accounts.set(email, null);
    for (const account of await findAccounts(db, this.locationId, [...emails])) {
      this.accounts.set(account.email, account.id);
    }
    await this.findPortalAdoptions(db, records);
  }

  /** The sections of these rows where the portal already adopted the row's title. */
  private async findPortalAdoptions(db: Db, records: readonly HistoryRecord[]): Promise<void> {
    const asked = records.flatMap((r) => {
      const course = this.courses.get(r.course.k);
      const titleId = r.material.ean13 ? this.books.get(r.material.ean13)?.titleId : null;
      if (!course?.courseId || !titleId) return [];
      const ids = this.sectionsOf(r, course).map((s) => s.id);
      const sectionIds = `{${ids.join(',')}}`;
      return [{ k: this.keyOf(r), course_id: course.courseId, title_id: titleId, section_ids: sectionIds }];
    });
    for (const { k, sectionId } of await portalAdoptedSections(db, asked)) {
      this.portalTaken.add(`${k}\t${sectionId}`);
    }
  }

  course(record: HistoryRecord): FoundCourse | undefined {
    return this.courses.get(record.course.k);
  }

  /** The sections a row names: its own, or (no section code) every one of its course that term. */
  sectionsOf(r: HistoryRecord, course: FoundCourse): FoundCourse['sections'] {
    return r.sectionCode === null
      ? course.sections
      : course.sections.filter((s) => s.code === r.sectionCode);
  }

  /** Whether the store can have the row's book: in a catalog, or described by the file. */
  knowsBook(ean13: string): boolean {
    const book = this.books.get(ean13);
    return Boolean(book?.titleId || book?.distributor || this.described.has(ean13));
  }

  /** Whether the store's own catalog has the book already. */
  inStoreCatalog(ean13: string): boolean {
    return Boolean(this.books.get(ean13)?.titleId);
  }

  /** Of `sections`, the first where the portal adopted the record's title itself. */
  portalAdopted<S extends { id: number }>(record: HistoryRecord, sections: readonly S[]): S | undefined {
    const key = this.keyOf(record);
    return sections.find((s) => this.portalTaken.has(`${key}\t${s.id}`));
  }

  /** The store's account of an adopter's e-mail (null: none). */
  account(email: string | null): number | null {
    return email ? (this.accounts.get(email) ?? null) : null;
  }

  /** The row's book, described as the file first describes it. */
  materialOf(record: HistoryRecord): Material {
    const { ean13 } = record.material;
    return (ean13 && this.described.get(ean13)) || record.material;
  }
}
