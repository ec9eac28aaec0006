import type { Db } from '../../../db/client.ts';
import type { FieldName } from './import-fields.ts';
import { KindRun, missing, outcomeOf, type Built, type Mode, type Outcome } from './import-kind.ts';
import type { CellIssue, FieldValues } from '../checks/row-mapper.ts';
import { termDisplayName } from '../apply/store-catalog.ts';
import {
  classifyEnrollments,
  classifyStudents,
  deleteEnrollments,
  findSections,
  writeEnrollments,
  writeStudents,
  type EnrollmentWrite,
  type SectionKey,
  type StudentWrite,
} from '../apply/students-import-repository.ts';

interface SectionRef extends Omit<SectionKey, 'k'> {
  key: string;
  termName: string;
}

interface StudentRecord {
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  section: SectionRef | null;
  /** The row drops the enrolment (enrollmentStatus DROPPED) instead of making it. */
  dropped: boolean;
}

type StudentFacts = Pick<StudentRecord, 'firstName' | 'lastName' | 'email'>;

/** Kept per student of the file: their first row's facts, not the row (nor its section). */
interface StudentState {
  /** Dense number of the student in this import, part of an enrollment's key. */
  index: number;
  firstRow: number;
  facts: StudentFacts;
  outcome: Outcome | null;
}

interface RowRef {
  rowNumber: number;
  student: StudentState;
  enrollment: number | null;
}

/** What the report calls the enrolments a file drops (issue 32; docs/data-imports.md). */
const DROPS = 'dropped enrollments';

/** Enrollment keys pack student and section numbers into one number (a Set of 400,000 is small). */
const SECTION_SLOTS = 2 ** 20;
const OUTCOMES: readonly (Outcome | null)[] = [null, 'added', 'updated', 'unchanged'];

const SECTION_FIELDS: readonly FieldName[] = ['termName', 'departmentCode', 'courseCode', 'sectionCode'];

/**
 * Students and enrollments: a row is a student (natural key: student ID) and, when it names
 * one, their enrollment in a section of the store (term, department, course, section code),
 * which must exist. What is kept per row is small (numbers), so 400,000 rows stay far below
 * what holding the rows would need (ADR 0018).
 */
export class StudentsRun extends KindRun<StudentRecord> {
  /** Drops are counted only for a file with an enrolment status column. */
  readonly entities = this.ctx.mapper.has('enrollmentStatus')
    ? ['students', 'enrollments', DROPS]
    : ['students', 'enrollments'];
  private readonly students = new Map<string, StudentState>();
  private readonly sectionIds = new Map<string, number | null>();
  private readonly sectionSlots = new Map<string, number>();
  /** Enrollment key -> first row * 4 + outcome index. */
  private readonly enrollments = new Map<number, number>();
  /** The enrollment keys whose rows drop the enrolment. */
  private readonly drops = new Set<number>();
  private chunkStudents: { state: StudentState; write: StudentWrite }[] = [];
  private chunkEnrollments: { key: number; write: EnrollmentWrite }[] = [];
  private chunkDrops: { key: number; write: EnrollmentWrite }[] = [];
  private chunkRows: RowRef[] = [];

  build(values: FieldValues): Built<StudentRecord> {
    const issues: CellIssue[] = [];
    const record: StudentRecord = {
      studentId: this.text(values, 'studentId', issues),
      firstName: this.text(values, 'firstName', issues),
      lastName: this.text(values, 'lastName', issues),
      email: this.text(values, 'email', issues),
      section: null,
      dropped: values.enrollmentStatus === 'DROPPED',
    };
    if (issues.length > 0) return { issues };
    const given = SECTION_FIELDS.filter((f) => typeof values[f] === 'string');
    const divisionGiven = typeof values.divisionName === 'string';
    if (given.length === 0 && !divisionGiven) {
      if (!record.dropped) return { record };
      return { issues: [this.issue('enrollmentStatus', 'dropped', 'needs the section it drops')] };
    }
    const missing = SECTION_FIELDS.find((f) => !given.includes(f));
    if (missing) {
      return { issues: [this.issue(missing, '', 'is required when the row names a section')] };
    }
    const divisionId = this.storeDivisionId(values, issues);
    if (divisionId === null) return { issues };
    const termName = values.termName as string;
    const term = this.ctx.catalog.term(divisionId, termName);
    if (!term) {
      return { issues: [this.issue('termName', termName, 'is not a term of the division')] };
    }
    const dept = values.departmentCode as string;
    const course = values.courseCode as string;
    const code = values.sectionCode as string;
    record.section = {
      key: [term.id, dept, course, code].join('\t'),
      division_id: divisionId,
      term_id: term.id,
      termName: term.name,
      dept,
      course,
      code,
    };
    return { record };
  }

  override async resolve(db: Db, records: readonly StudentRecord[]): Promise<void> {
    const wanted = new Map<string, SectionKey>();
    for (const { section } of records) {
      if (section && !this.sectionIds.has(section.key) && !wanted.has(section.key)) {
        const { key, termName: _termName, ...names } = section;
        wanted.set(key, { k: key, ...names });
      }
    }
    for (const found of await findSections(db, [...wanted.values()])) {
      this.sectionIds.set(found.k, found.id);
    }
  }

  admit(rowNumber: number, record: StudentRecord): CellIssue[] {
    const { section } = record;
    if (section && (this.sectionIds.get(section.key) ?? null) === null) {
      return [
        this.issue(
          'sectionCode',
          `${section.dept} ${section.course} ${section.code}`,
          'is not a section of the term in the store',
        ),
      ];
    }
    let student = this.students.get(record.studentId);
    if (student) {
      const issues = this.contradictions(
        student.facts,
        record,
        student.firstRow,
        ['firstName', 'lastName', 'email'],
        'student',
      );
      if (issues.length > 0) return issues;
    } else {
      const { firstName, lastName, email } = record;
      student = {
        index: this.students.size,
        firstRow: rowNumber,
        facts: { firstName, lastName, email },
        outcome: null,
      };
      this.students.set(record.studentId, student);
    }
    if (section) {
      const key = this.enrollmentKey(student, section.key);
      const first = this.enrollments.get(key);
      if (first === undefined) {
        this.enrollments.set(key, rowNumber * 4);
        if (record.dropped) this.drops.add(key);
      } else if (this.drops.has(key) !== record.dropped) {
        const [was, is] = record.dropped ? ['enrolled', 'dropped'] : ['dropped', 'enrolled'];
        const shown = `${is} (row ${Math.floor(first / 4)} has ${was})`;
        return [this.issue('enrollmentStatus', shown, 'differs from an earlier row of the same enrollment')];
      }
    }
    return [];
  }

  private enrollmentKey(student: StudentState, sectionKey: string): number {
    let slot = this.sectionSlots.get(sectionKey);
    if (slot === undefined) {
      slot = this.sectionSlots.size;
      if (slot >= SECTION_SLOTS) throw new Error('an import names more than 2^20 sections');
      this.sectionSlots.set(sectionKey, slot);
    }
    return student.index * SECTION_SLOTS + slot;
  }

  take(rowNumber: number, record: StudentRecord): void {
    const student = this.students.get(record.studentId);
    if (!student) throw new Error(`row ${rowNumber} was not admitted`);
    if (student.firstRow === rowNumber) {
      this.chunkStudents.push({
        state: student,
        write: {
          i: this.chunkStudents.length,
          sid: record.studentId,
          first: record.firstName,
          last: record.lastName,
          email: record.email,
        },
      });
    }
    let enrollment: number | null = null;
    const { section } = record;
    if (section) {
      enrollment = this.enrollmentKey(student, section.key);
      const sectionId = this.sectionIds.get(section.key);
      const packed = this.enrollments.get(enrollment) ?? 0;
      if (Math.floor(packed / 4) === rowNumber && sectionId) {
        const chunk = this.drops.has(enrollment) ? this.chunkDrops : this.chunkEnrollments;
        chunk.push({
          key: enrollment,
          write: { i: chunk.length, sid: record.studentId, section_id: sectionId },
        });
      }
      this.ctx.tally.terms.add(termDisplayName(section.termName));
    }
    this.chunkRows.push({ rowNumber, student, enrollment });
  }

  pending(): number {
    return this.chunkRows.length;
  }

  async flush(db: Db, mode: Mode): Promise<void> {
    const { locationId, tally } = this.ctx;
    const students = this.chunkStudents.map((s) => s.write);
    const enrollments = this.chunkEnrollments.map((e) => e.write);
    const drops = this.chunkDrops.map((e) => e.write);
    const studentClass = await classifyStudents(db, locationId, students);
    const enrollmentClass = await classifyEnrollments(db, locationId, enrollments);
    const dropClass = await classifyEnrollments(db, locationId, drops);
    if (mode === 'apply') {
      await writeStudents(db, locationId, students);
      await this.grew(db, 'students', missing(studentClass));
      this.touched(await writeEnrollments(db, locationId, enrollments));
      await this.grew(db, 'enrollments', missing(enrollmentClass));
      // The database's triggers mark a program's participant dropped, with history (migration 0040).
      this.touched(await deleteEnrollments(db, locationId, drops));
    }
    for (const c of studentClass) {
      const student = this.chunkStudents[c.i]?.state;
      if (!student) continue;
      student.outcome = outcomeOf(c.exists, c.differs);
      tally.entity('students', student.outcome);
    }
    this.tallyEnrollments(enrollmentClass, this.chunkEnrollments, 'enrollments', false);
    // A drop is counted as an add is: made when the enrolment was there, else nothing to do.
    this.tallyEnrollments(dropClass, this.chunkDrops, DROPS, true);
    for (const row of this.chunkRows) tally.row(this.rowOutcome(row));
    this.chunkStudents = [];
    this.chunkEnrollments = [];
    this.chunkDrops = [];
    this.chunkRows = [];
  }

  private tallyEnrollments(
    classes: readonly { i: number; exists: boolean }[],
    chunk: readonly { key: number }[],
    entity: string,
    dropping: boolean,
  ): void {
    for (const c of classes) {
      const enrollment = chunk[c.i];
      if (!enrollment) continue;
      const outcome: Outcome = c.exists === dropping ? 'added' : 'unchanged';
      this.ctx.tally.entity(entity, outcome);
      const packed = this.enrollments.get(enrollment.key) ?? 0;
      this.enrollments.set(enrollment.key, packed - (packed % 4) + OUTCOMES.indexOf(outcome));
    }
  }

  /**
   * A row with an enrollment is added when it added the enrollment, updated when it dropped
   * one or is the student's first row and changed the student, unchanged otherwise; a row of
   * a student alone is what the student came to.
   */
  private rowOutcome({ rowNumber, student, enrollment }: RowRef): Outcome {
    if (enrollment === null) return student.outcome ?? 'unchanged';
    const packed = this.enrollments.get(enrollment) ?? 0;
    if (OUTCOMES[packed % 4] === 'added') return this.drops.has(enrollment) ? 'updated' : 'added';
    if (student.firstRow === rowNumber && student.outcome === 'updated') return 'updated';
    return 'unchanged';
  }
}
