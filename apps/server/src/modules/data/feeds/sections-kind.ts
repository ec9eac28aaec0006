import type { Db } from '../../../db/client.ts';
import { KeyedKindRun, missing, outcomeOf, type Built, type Mode } from './import-kind.ts';
import {
  ambiguousProfessors,
  classifyProfessors,
  writeProfessors,
  type ProfessorWrite,
} from '../apply/professors-import-repository.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import {
  classifyCourses,
  classifyDepartments,
  classifyLinks,
  classifySections,
  writeCourses,
  writeDepartments,
  writeLinks,
  writeSections,
  type CourseWrite,
  type DepartmentWrite,
} from '../apply/sections-import-repository.ts';
import { termDisplayName } from '../apply/store-catalog.ts';
import { DepartmentContacts } from './department-contacts.ts';
import {
  createFileTerms,
  departmentKey,
  personKey,
  SECTION_ENTITIES,
  sectionLinks,
  sectionWrites,
  type SectionRecord,
  type SectionState,
  type TermRef,
} from './sections-records.ts';

/**
 * Section lists: a row is a section of a term (natural key: division, term, department code,
 * course code, section code) with its course and professors. Missing terms (when the row
 * gives dates), departments, courses and professors are created; the first row that names a
 * parent gives its values (topics courses have a title per section). Rows of one section
 * merge: values one row leaves unknown come from another, professors add up; a row giving
 * another value than an earlier one is rejected.
 */
export class SectionsRun extends KeyedKindRun<SectionRecord, SectionState> {
  readonly entities = SECTION_ENTITIES;
  private readonly newTerms = new Map<string, TermRef>();
  private readonly seen = new Set<string>();
  /** Names several professors of the store have (a row naming one is rejected). */
  private readonly ambiguous = new Set<string>();
  private readonly contacts = new DepartmentContacts(this.ctx.locationId);

  build(values: FieldValues): Built<SectionRecord> {
    const issues: CellIssue[] = [];
    const divisionId = this.storeDivisionId(values, issues);
    const termName = this.text(values, 'termName', issues);
    const departmentCode = this.text(values, 'departmentCode', issues);
    const courseCode = this.text(values, 'courseCode', issues);
    const courseName = this.text(values, 'courseName', issues);
    const sectionCode = this.text(values, 'sectionCode', issues);
    if (issues.length > 0 || divisionId === null) return { issues };
    const term = this.termOf(divisionId, termName, values, issues);
    if (!term) return { issues };
    const sectionStart = this.optionalText(values, 'sectionStart');
    const sectionEnd = this.optionalText(values, 'sectionEnd');
    const dateIssue = this.datesIssue(sectionStart, sectionEnd, term);
    if (dateIssue) return { issues: [dateIssue] };
    const professors = values.professors;
    return {
      record: {
        key: [divisionId, term.key, departmentCode, courseCode, sectionCode].join('\t'),
        divisionId,
        term,
        departmentCode,
        departmentName: this.optionalText(values, 'departmentName'),
        departmentContactName: this.optionalText(values, 'departmentContactName'),
        departmentContactEmail:
          this.optionalText(values, 'departmentContactEmail')?.toLowerCase() ?? null,
        courseCode,
        courseName,
        courseDescription: this.optionalText(values, 'courseDescription'),
        sectionCode,
        sectionStart,
        sectionEnd,
        capacity: this.optionalNumber(values, 'capacity'),
        estimatedEnrollment: this.optionalNumber(values, 'estimatedEnrollment'),
        professors: Array.isArray(professors) ? professors : [],
      },
    };
  }

  /** A date the row leaves out is checked as the term's (what a new section would get). */
  private datesIssue(start: string | null, end: string | null, term: TermRef): CellIssue | null {
    if ((end ?? term.endDate) >= (start ?? term.startDate)) return null;
    if (start !== null && end !== null) {
      return this.issue('sectionEnd', end, 'is before the section start date');
    }
    return start !== null
      ? this.issue('sectionStart', start, "is after the term's end date")
      : this.issue('sectionEnd', end ?? '', "is before the term's start date");
  }

  /** The store's term, or the one this import creates from the row's dates (first row's dates). */
  private termOf(
    divisionId: number,
    name: string,
    values: FieldValues,
    issues: CellIssue[],
  ): TermRef | null {
    const stored = this.ctx.catalog.term(divisionId, name);
    if (stored) return { key: `t${stored.id}`, ...stored };
    const key = `n${divisionId}\t${name.toLowerCase()}`;
    const created = this.newTerms.get(key);
    if (created) return created;
    const startDate = this.optionalText(values, 'termStart');
    const endDate = this.optionalText(values, 'termEnd');
    if (!startDate || !endDate) {
      issues.push(
        this.issue('termName', name, 'is not a term of the division (give its dates to create it)'),
      );
      return null;
    }
    if (endDate < startDate) {
      issues.push(this.issue('termEnd', endDate, 'is before the term start date'));
      return null;
    }
    const term: TermRef = { key, divisionId, id: null, name, startDate, endDate };
    this.newTerms.set(key, term);
    return term;
  }

  override async resolve(db: Db, records: readonly SectionRecord[]): Promise<void> {
    const names = new Map<string, { last: string; first: string }>();
    for (const p of records.flatMap((r) => r.professors)) {
      names.set(personKey(p), { last: p.lastName, first: p.firstName });
    }
    const found = await ambiguousProfessors(db, this.ctx.locationId, [...names.values()]);
    for (const key of found) this.ambiguous.add(key);
    await this.contacts.resolve(db, records.map((r) => r.departmentContactEmail));
  }

  admit(rowNumber: number, record: SectionRecord): CellIssue[] {
    const issues = this.admitSection(rowNumber, record);
    if (issues.length === 0) {
      const contact = { name: record.departmentContactName, email: record.departmentContactEmail };
      this.contacts.admit(departmentKey(record), contact);
    }
    return issues;
  }

  /** A contact address the store does not know: the row goes in, the department keeps its own. */
  override admittedWarnings(record: SectionRecord): CellIssue[] {
    const email = record.departmentContactEmail;
    if (!email || !this.contacts.unknown(email)) return [];
    const why = 'is not an account of this store or an address at one of its domains: left out';
    return [this.issue('departmentContactEmail', email, why)];
  }

  private admitSection(rowNumber: number, record: SectionRecord): CellIssue[] {
    const unsure = record.professors.filter((p) => this.ambiguous.has(personKey(p)));
    if (unsure.length > 0) {
      return [
        this.issue(
          'professors',
          unsure.map((p) => `${p.lastName}, ${p.firstName}`).join('; '),
          'names a professor the store has more than once: merge them in the store, then import again',
        ),
      ];
    }
    const state = this.admitted.get(record.key);
    if (!state) {
      const professors = new Map(record.professors.map((p) => [personKey(p), p]));
      this.admitted.set(record.key, { firstRow: rowNumber, record, professors, outcome: null });
      return [];
    }
    const merged = state.record;
    const issues = this.contradictions(
      merged,
      record,
      state.firstRow,
      ['sectionStart', 'sectionEnd', 'capacity', 'estimatedEnrollment'],
      'section',
    );
    if (issues.length > 0) return issues;
    merged.sectionStart ??= record.sectionStart;
    merged.sectionEnd ??= record.sectionEnd;
    merged.capacity ??= record.capacity;
    merged.estimatedEnrollment ??= record.estimatedEnrollment;
    for (const p of record.professors) {
      if (!state.professors.has(personKey(p))) state.professors.set(personKey(p), p);
    }
    return [];
  }

  protected keyOf(record: SectionRecord): string {
    return record.key;
  }

  override take(rowNumber: number, record: SectionRecord): void {
    super.take(rowNumber, record);
    this.ctx.tally.terms.add(termDisplayName(record.term.name));
  }

  /** True the first time this import meets `key` (each record is compared and written once). */
  private first(key: string): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { locationId, tally } = this.ctx;
    const records = this.chunkRecords;
    const newTerms: TermRef[] = [];
    const departments: DepartmentWrite[] = [];
    const courses: CourseWrite[] = [];
    const professors: ProfessorWrite[] = [];
    for (const { record: r, professors: people } of records) {
      if (this.first(r.term.key)) {
        if (r.term.id === null) newTerms.push(r.term);
        tally.entity('terms', r.term.id === null ? 'added' : 'unchanged');
      }
      const department = departmentKey(r);
      if (this.first(department)) {
        const contact = this.contacts.of(department);
        departments.push({
          i: departments.length,
          division_id: r.divisionId,
          code: r.departmentCode,
          name: r.departmentName,
          contact_name: contact.name,
          contact_email: contact.email,
        });
      }
      if (this.first(`c${department}\t${r.courseCode}`)) {
        courses.push({
          i: courses.length,
          division_id: r.divisionId,
          dept: r.departmentCode,
          code: r.courseCode,
          name: r.courseName,
          description: r.courseDescription,
        });
      }
      for (const [key, p] of people) {
        if (this.first(`p${key}`)) {
          professors.push({ i: professors.length, last: p.lastName, first: p.firstName, email: null });
        }
      }
    }
    const links = sectionLinks(records).map((l, i) => ({ ...l, link: { ...l.link, i } }));

    const departmentClass = await classifyDepartments(db, departments);
    const courseClass = await classifyCourses(db, courses);
    const sectionClass = await classifySections(db, sectionWrites(records));
    const professorClass = await classifyProfessors(db, locationId, professors);
    const linkClass = await classifyLinks(db, locationId, links.map((l) => l.link));

    if (mode === 'apply') {
      await createFileTerms(db, this.ctx.locationId, newTerms);
      await writeDepartments(db, locationId, departments);
      await this.grew(db, 'departments', missing(departmentClass));
      await writeCourses(db, locationId, courses);
      await this.grew(db, 'courses', missing(courseClass));
      this.touched(await writeSections(db, locationId, sectionWrites(records)));
      await this.grew(db, 'sections', missing(sectionClass));
      await writeProfessors(db, locationId, professors);
      await this.grew(db, 'professors', missing(professorClass));
      this.touched(await writeLinks(db, locationId, sectionLinks(records).map((l, i) => ({ ...l.link, i }))));
      await this.grew(db, 'section_professors', missing(linkClass));
    }

    for (const c of departmentClass) tally.entity('departments', outcomeOf(c.exists, c.differs));
    for (const c of courseClass) tally.entity('courses', outcomeOf(c.exists, c.differs));
    for (const c of professorClass) tally.entity('professors', outcomeOf(c.exists, c.differs));
    const linked = new Set<number>();
    for (const c of linkClass) {
      tally.entity('section professors', c.exists ? 'unchanged' : 'added');
      const section = links[c.i]?.section;
      if (!c.exists && section !== undefined) linked.add(section);
    }
    for (const c of sectionClass) {
      const state = records[c.i];
      if (!state) continue;
      const outcome = outcomeOf(c.exists, c.differs || linked.has(c.i));
      state.outcome = outcome;
      tally.entity('sections', outcome);
    }
    for (const state of this.chunkRows) tally.row(state.outcome ?? 'unchanged');
    this.endChunk();
  }
}
