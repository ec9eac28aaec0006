import type { MaterialKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { KeyedKindRun, outcomeOf, type Built, type KeyedState, type Mode } from './import-kind.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import { termDisplayName } from '../apply/store-catalog.ts';
import {
  addMissingTitles,
  classifyAdoptions,
  lockCourses,
  type AdoptionWrite,
} from '../apply/adoption-history-repository.ts';
import { HistoryLookups, materialKey, type HistoryRecord, type Material } from './adoption-history-lookups.ts';
import { createAdoptions, updateAdoptions } from '../apply/adoption-history-writes.ts';

interface HistoryState extends KeyedState<HistoryRecord> {
  courseId: number;
  sectionIds: Set<number>;
}

/**
 * Adoption history (a store moving from another system): a row is a material adopted for a
 * course's section in a term, or for the whole course that term (no section code: each of its
 * sections that term). Rows of one course, term and material are one section adoption over
 * their sections, as the wizard makes one for several sections. The course, the term and the
 * sections must be in the store; a book by ISBN is taken from the store's catalog, else the
 * distributor's, else made from the row's description; a book without an ISBN is a proposed
 * title. The portal's own adoption of a title on a section stands (its wizard rule, ADR 0012):
 * the row is rejected. Written under each course's lock, marked as imported (ADR 0036).
 */
export class AdoptionHistoryRun extends KeyedKindRun<HistoryRecord, HistoryState> {
  readonly entities = ['adoptions', 'titles'] as const;
  private readonly lookups = new HistoryLookups(this.ctx.locationId, (r) => this.keyOf(r));
  /** ISBNs the import adds to the store's catalog, counted once. */
  private readonly newTitles = new Set<string>();

  build(values: FieldValues): Built<HistoryRecord> {
    const issues: CellIssue[] = [];
    const divisionId = this.storeDivisionId(values, issues);
    const termName = this.text(values, 'termName', issues);
    const dept = this.text(values, 'departmentCode', issues);
    const course = this.text(values, 'courseCode', issues);
    const material: Material = {
      ean13: this.optionalText(values, 'isbn13'),
      title: this.optionalText(values, 'title'),
      author: this.optionalText(values, 'author'),
      edition: this.optionalText(values, 'edition'),
      publisher: this.optionalText(values, 'publisher'),
    };
    if (!material.ean13 && !material.title) {
      const field = this.ctx.mapper.has('isbn13') ? 'isbn13' : 'title';
      issues.push(this.issue(field, '', 'is required: give the ISBN or the title of the material'));
    }
    if (issues.length > 0 || divisionId === null) return { issues };
    const term = this.ctx.catalog.term(divisionId, termName);
    if (!term)
      return { issues: [this.issue('termName', termName, 'is not a term of the division')] };
    const key = [term.id, dept, course].join('\t');
    return {
      record: {
        course: { k: key, division_id: divisionId, term_id: term.id, dept, course },
        termName: term.name,
        sectionCode: this.optionalText(values, 'sectionCode'),
        material,
        importKey: `${term.id}:${materialKey(material)}`,
        required: values.requirement !== 'recommended',
        adopterEmail: this.optionalText(values, 'adopterEmail')?.toLowerCase() ?? null,
        materialKind: (this.optionalText(values, 'materialKind') as MaterialKind | null) ?? null,
      },
    };
  }

  override resolve(db: Db, records: readonly HistoryRecord[]): Promise<void> {
    return this.lookups.resolve(db, records);
  }

  admit(rowNumber: number, record: HistoryRecord): CellIssue[] {
    const course = this.lookups.course(record);
    const { dept, course: code } = record.course;
    if (!course?.courseId)
      return [
        this.issue('courseCode', `${dept} ${code}`, 'is not a course of the division in the store'),
      ];
    const sections = this.lookups.sectionsOf(record, course);
    if (sections.length === 0) {
      return record.sectionCode === null
        ? [this.issue('courseCode', `${dept} ${code}`, 'has no sections in the term in the store')]
        : [
            this.issue(
              'sectionCode',
              `${dept} ${code} ${record.sectionCode}`,
              'is not a section of the term in the store',
            ),
          ];
    }
    const { ean13 } = record.material;
    if (ean13 && !this.lookups.knowsBook(ean13)) {
      return [
        this.issue(
          'isbn13',
          ean13,
          "is in neither the store's catalog nor the distributor's: give the title too",
        ),
      ];
    }
    const taken = this.lookups.portalAdopted(record, sections);
    if (taken) {
      return [
        this.issue(
          'isbn13',
          `${ean13} (${dept} ${code} ${taken.code})`,
          'is already adopted in the portal for the section',
        ),
      ];
    }
    const key = this.keyOf(record);
    const state = this.admitted.get(key);
    if (!state) {
      const sectionIds = new Set(sections.map((s) => s.id));
      this.admitted.set(key, {
        firstRow: rowNumber,
        record,
        outcome: null,
        courseId: course.courseId,
        sectionIds,
      });
      return [];
    }
    if (state.record.required !== record.required) {
      const shown = (required: boolean) => (required ? 'required' : 'recommended');
      return [
        this.issue(
          'requirement',
          `${shown(record.required)} (row ${state.firstRow} has ${shown(state.record.required)})`,
          'differs from an earlier row of the same adoption',
        ),
      ];
    }
    const kinds = [state.record.materialKind, record.materialKind];
    if (kinds[0] && kinds[1] && kinds[0] !== kinds[1]) {
      return [
        this.issue(
          'materialKind',
          `${kinds[1]} (row ${state.firstRow} has ${kinds[0]})`,
          'differs from an earlier row of the same adoption',
        ),
      ];
    }
    for (const s of sections) state.sectionIds.add(s.id);
    state.record.adopterEmail ??= record.adopterEmail;
    state.record.materialKind ??= record.materialKind;
    return [];
  }

  /** An adopter the store has no account for: the adoption goes in without one. */
  override admittedWarnings(record: HistoryRecord): CellIssue[] {
    const email = record.adopterEmail;
    if (!email || this.lookups.account(email)) return [];
    return [
      this.issue(
        'adopterEmail',
        email,
        'is not an account of the store: imported without its adopter',
      ),
    ];
  }

  protected keyOf(record: HistoryRecord): string {
    return `${record.course.k}\t${record.importKey}`;
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { tally } = this.ctx;
    const writes: AdoptionWrite[] = this.chunkRecords.map((state, i) => ({
      i,
      course_id: state.courseId,
      import_key: state.record.importKey,
      ...this.lookups.materialOf(state.record),
      required: state.record.required,
      material_kind: state.record.materialKind,
      account_id: this.lookups.account(state.record.adopterEmail),
      section_ids: `{${[...state.sectionIds].sort((a, b) => a - b).join(',')}}`,
    }));
    // Applying reads the courses' adoptions under their locks, as the wizard does (ADR 0012).
    if (mode === 'apply') await lockCourses(db, writes.map((w) => w.course_id));
    const classes = await classifyAdoptions(db, writes);
    for (const state of this.chunkRecords) this.countTitle(state.record.material.ean13);
    if (mode === 'apply') await this.write(db, writes, classes);
    for (const c of classes) {
      const state = this.chunkRecords[c.i];
      if (!state) continue;
      state.outcome = outcomeOf(c.exists, c.differs);
      tally.entity('adoptions', state.outcome);
      tally.terms.add(termDisplayName(state.record.termName));
    }
    for (const row of this.chunkRows) tally.row(row.outcome ?? 'unchanged');
    this.endChunk();
  }

  /** A book the store's catalog gains (from the distributor's or the file), once per ISBN. */
  private countTitle(ean13: string | null): void {
    if (!ean13 || this.lookups.inStoreCatalog(ean13) || this.newTitles.has(ean13)) return;
    this.newTitles.add(ean13);
    this.ctx.tally.entity('titles', 'added');
  }

  /** Writes a chunk's new and changed adoptions (its courses locked by the flush). */
  private async write(
    db: Db,
    writes: AdoptionWrite[],
    classes: { i: number; exists: boolean; differs: boolean }[],
  ) {
    const fresh = writes.filter((w) => !classes[w.i]?.exists);
    const changed = writes.filter((w) => classes[w.i]?.exists && classes[w.i]?.differs);
    await addMissingTitles(db, this.ctx.locationId, fresh);
    const by = { ...this.ctx.stamp, locationId: this.ctx.locationId };
    await createAdoptions(db, by, fresh);
    const coveredBefore = await updateAdoptions(db, by, changed);
    const written = new Set([...fresh, ...changed].map((w) => w.i));
    const coveredNow = this.chunkRecords
      .filter((_, i) => written.has(i))
      .flatMap((s) => [...s.sectionIds]);
    this.touched([...coveredNow, ...coveredBefore]);
  }
}
