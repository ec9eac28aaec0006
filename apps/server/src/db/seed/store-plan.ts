import type { DepartmentDef } from './department-catalog.ts';
import type { IdAllocator } from '../bulk-write.ts';
import { Rng } from './prng.ts';

export type TermKind = 'past' | 'current' | 'upcoming';
export const TERM_KINDS: readonly TermKind[] = ['past', 'current', 'upcoming'];

export interface DivisionPlan {
  name: string;
  departments: readonly DepartmentDef[];
  /** Shifts the semester calendar so divisions do not start on the same day. */
  calendarOffsetDays: number;
  /** 'A1' style, '01' style or '001' style section codes. */
  sectionCodes: 'letter' | 'two-digit' | 'three-digit';
  /** Online programmes run two 8-week sessions per term. */
  eightWeekSessions: boolean;
  /** Relative share of students whose home division this is. */
  studentWeight: number;
  /** First course number of the division ('5xx' for law). */
  courseNumberBase: number;
}

/** The professor an instructor account is linked to, teaching several current sections. */
export interface FeaturedProfessor {
  divisionIndex: number;
  departmentCode: string;
  firstName: string;
  lastName: string;
  email: string;
  accountId: number;
  currentSections: number;
}

/** A department with a set number of courses (see `StorePlan.extraDepartments`). */
export interface ExtraDepartment {
  divisionIndex: number;
  def: DepartmentDef;
  courses: number;
}

/** A featured student with a fixed identity, so demos and end-to-end tests can name them. */
export interface FeaturedStudent {
  studentIdNum: string;
  firstName: string;
  lastName: string;
  /**
   * Days from the seed day to the due date of their first outstanding order's rentals (0..10:
   * inside a due-date reminder window, see FEATURED_STUDENTS.md).
   */
  dueInDays: number;
}

/** Sizes and flavour of one store's generated data; every count is an average. */
export interface StorePlan {
  /** Seed of the PRNG streams; a fixed seed makes the data reproducible. */
  seed: number;
  locationId: number;
  universityName: string;
  studentEmailDomain: string;
  staffEmailDomain: string;
  /** Prefix of rental serial numbers, distinct per store so serials never collide. */
  serialPrefix: string;
  divisions: readonly DivisionPlan[];
  coursesPerDepartment: number;
  sectionsPerCourse: Readonly<Record<TermKind, number>>;
  professorsPerDepartment: number;
  students: number;
  /** Students without a current enrollment (preference division null = NO_CURRENT_ENROLLMENT). */
  noCurrentEnrollmentShare: number;
  enrollmentsPerStudent: number;
  titles: number;
  proposedTitles: number;
  adoptedCourseShare: number;
  ordersPerStudent: number;
  itemsPerOrder: number;
  /** Target number of rentals, drawn from fulfilled rent order items. */
  rentals: number;
  featuredProfessor?: FeaturedProfessor;
  /**
   * The first N students get rentals in every state (two outstanding return groups, one in
   * transit, one returned, some due soon) and required materials left to order, for demos and
   * end-to-end tests.
   */
  featuredRentalStudents: number;
  /** Fixed identities of the first featured students (the rest get generated ones). */
  featuredStudents?: readonly FeaturedStudent[];
  /** Account ids that appear as adoption creators, on any course. */
  adoptionCreatorIds: readonly number[];
  /**
   * Departments added after every division's own, each with a fixed number of courses. Made
   * last, so the catalog's other departments, courses and sections come out as they were.
   */
  extraDepartments?: readonly ExtraDepartment[];
  /**
   * Creators whose scope is one department: they appear only on that department's courses (a
   * scoped submitter must be able to open, and answer about, what they submitted).
   */
  departmentCreators?: readonly {
    divisionIndex: number;
    departmentCode: string;
    accountIds: readonly number[];
  }[];
}

export interface GenContext {
  plan: StorePlan;
  ids: IdAllocator;
  today: Date;
  todayDay: number;
}

/**
 * A separate PRNG stream per generator: changing how one table is generated then leaves the
 * other tables' data unchanged.
 */
export function rngFor(plan: StorePlan, stream: number): Rng {
  return new Rng((plan.seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0);
}

/** Splits `total` into `parts` near-equal integers (the first ones one larger). */
export function spread(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}
