import type { FastifyRequest } from 'fastify';
import { or, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_NOT_FOUND,
  STUDENT_LOOKUP_ACTIONS,
  STUDENT_LOOKUP_REFUSAL,
  type ActionName,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '@csp/http-kit';
import type { Session } from '../../../lib/session.ts';
import type { CatalogAncestry } from '../../catalog/index.ts';
import type { Grants } from '../../permissions/index.ts';
import { findStudent, type StudentRow } from './student-repository.ts';
import {
  ENROLMENT_SECTION_COLUMNS,
  enrolledWithin,
  enrolmentAncestries,
} from './student-scope-repository.ts';

const notFound = () => AppError.notFound(CUSTOMER_NOT_FOUND, 'customerId');

/**
 * Which of the store's students the caller may look up, and what they may do for each (ADR
 * 0023): the one place of these rules. Students are reached through their enrolments:
 * - a STUDENT_LOOKUP_ACTIONS action held store-wide shows every student of the store; otherwise
 *   a student is visible through an enrolment in a section inside the scope of one of them (as
 *   Grants applies scopes: subtrees, SUBMITTER never store-wide, INSTRUCTOR taught sections);
 * - any other student is 404 CUSTOMER_NOT_FOUND, the answer for another store's student;
 * - an action about a student (return, order, history, address...) reaches them when it is
 *   held store-wide or through an enrolment in its own scope; else 403 with its refusal.
 * Store-wide callers cost no query more than before.
 */
export class StudentScope {
  constructor(
    private readonly db: Db,
    readonly session: Session,
    readonly grants: Grants,
  ) {}

  /** A look-up action is held store-wide: every student of the store is visible. */
  get storeWide(): boolean {
    return STUDENT_LOOKUP_ACTIONS.some((action) => this.grants.holdsEverywhere(action));
  }

  /** A condition on a student id column of a list query: the caller may look them up. */
  async visibleSql(studentId: SQL): Promise<SQL> {
    if (this.storeWide) return sql`true`;
    const scopes = await Promise.all(
      STUDENT_LOOKUP_ACTIONS.map((a) => this.grants.scopePredicate(a, ENROLMENT_SECTION_COLUMNS)),
    );
    return enrolledWithin(studentId, or(...scopes) ?? sql`false`);
  }

  /** The student `customerId` when the caller may look them up; 404 otherwise. */
  async open(customerId: number): Promise<ScopedStudent> {
    const row = await findStudent(this.db, this.session.locationId, customerId);
    if (!row) throw notFound();
    const student = new ScopedStudent(this, row, () =>
      enrolmentAncestries(this.db, row.locationId, [row.id]).then((m) => m.get(row.id) ?? []),
    );
    if (!this.storeWide && (await student.lookupSections())?.size === 0) throw notFound();
    return student;
  }

  /**
   * Of these students of the store, those the caller may look up and those `action` reaches:
   * for rows a call reads by other ids (rentals by transItemId). The ids must be of rows
   * already read within the caller's store: a store-wide caller reaches every id it is given.
   * One query on `db` (the call's transaction), none for a store-wide caller. Grants then answers from memory: the
   * sections an instructor teaches were read when the caller's actions were (requireAny).
   */
  async reach(
    db: Db,
    studentIds: readonly number[],
    action: ActionName,
  ): Promise<{ visible: (id: number) => boolean; acting: (id: number) => boolean }> {
    if (this.storeWide && this.grants.holdsEverywhere(action)) {
      return { visible: () => true, acting: () => true };
    }
    const ids = [...new Set(studentIds)];
    const enrolments = await enrolmentAncestries(db, this.session.locationId, ids);
    const visible = new Set<number>();
    const acting = new Set<number>();
    for (const [id, rows] of enrolments) {
      if (this.storeWide || (await this.sectionsReached(STUDENT_LOOKUP_ACTIONS, rows)).size > 0)
        visible.add(id);
      if (await this.reaches(action, rows)) acting.add(id);
    }
    return { visible: (id) => visible.has(id), acting: (id) => acting.has(id) && visible.has(id) };
  }

  /** Whether `action` reaches a student with these enrolments. */
  async reaches(action: ActionName, enrolments: readonly CatalogAncestry[]): Promise<boolean> {
    if (this.grants.holdsEverywhere(action)) return true;
    return (await this.grants.mayDoEach(action, enrolments)).some(Boolean);
  }

  /** The sections of these enrolments that one of `actions` reaches. */
  async sectionsReached(
    actions: readonly ActionName[],
    enrolments: readonly CatalogAncestry[],
  ): Promise<Set<number>> {
    const reached = new Set<number>();
    for (const action of actions) {
      const answers = await this.grants.mayDoEach(action, enrolments);
      enrolments.forEach((row, i) => {
        if (answers[i] && row.sectionId !== null) reached.add(row.sectionId);
      });
    }
    return reached;
  }
}

/** One student the caller may look up, and what the caller may do for them. */
export class ScopedStudent {
  private enrolments: Promise<CatalogAncestry[]> | undefined;

  constructor(
    private readonly scope: StudentScope,
    readonly row: StudentRow,
    private readonly loadEnrolments: () => Promise<CatalogAncestry[]>,
  ) {}

  private enrolled(): Promise<CatalogAncestry[]> {
    this.enrolments ??= this.loadEnrolments();
    return this.enrolments;
  }

  /** Whether the caller holds `action` for this student (store-wide or in an enrolment's scope). */
  async may(action: ActionName): Promise<boolean> {
    if (this.scope.grants.holdsEverywhere(action)) return true;
    // Not held anywhere: no need to read the enrolments.
    if (!(await this.scope.grants.mayDo(action))) return false;
    return this.scope.reaches(action, await this.enrolled());
  }

  /** 403 with `message` unless the caller holds `action` for this student. */
  async require(action: ActionName, message: string): Promise<void> {
    if (!(await this.may(action))) throw AppError.forbidden(message);
  }

  /**
   * The student's sections whose lists (required materials, orderable items) the caller sees;
   * undefined when the caller sees every section (a look-up action held store-wide).
   */
  async lookupSections(): Promise<ReadonlySet<number> | undefined> {
    if (this.scope.storeWide) return undefined;
    return this.scope.sectionsReached(STUDENT_LOOKUP_ACTIONS, await this.enrolled());
  }

  /**
   * Funding figures (allowances, balances, voucher codes): MANAGE_VOUCHERS or
   * VIEW_STUDENT_FUNDING reaching the student (store-wide, or in an enrolment's scope).
   */
  async mayViewFunding(): Promise<boolean> {
    return (await this.may('MANAGE_VOUCHERS')) || this.may('VIEW_STUDENT_FUNDING');
  }
}

/** The caller's scope over students, from the grants the request already loaded. */
export function studentScopeOf(db: Db, request: FastifyRequest, grants: Grants): StudentScope {
  return new StudentScope(db, request.session, grants);
}

/** The caller's session, grants and scope, once they hold an action that lets them look students up. */
export async function studentReader(
  db: Db,
  request: FastifyRequest,
): Promise<{ session: Session; grants: Grants; scope: StudentScope }> {
  const session = request.session;
  const grants = await request.grants;
  await grants.requireAny(STUDENT_LOOKUP_ACTIONS, STUDENT_LOOKUP_REFUSAL);
  return { session, grants, scope: new StudentScope(db, session, grants) };
}

/** 403 with `message` unless the caller holds `action` somewhere (checked before any 404). */
export async function requireStudentAction(
  grants: Grants,
  action: ActionName,
  message: string,
): Promise<void> {
  await grants.requireAny([action], message);
}
