import type { AccountSpec } from './accounts-seed.ts';
import { LARGE_BRAND } from './branding.ts';
import { ALL_DEPARTMENTS } from './department-catalog.ts';
import type { DivisionPlan } from './store-plan.ts';
import type { StoreSpec } from './store-seed.ts';

export const LARGE_STORE_REF = 'LARGE-U';
export const LARGE_PASSWORD = 'campus-demo-large';
export const LARGE_ADMIN = 'admin@large-university.edu';
const NO_CURRENT_SHARE = 0.03;

/** Full-size targets; `largeStoreSpec(scale)` multiplies them. */
export const LARGE_SIZES = {
  courses: 10_000,
  sections: 40_000,
  students: 50_000,
  enrollments: 400_000,
  titles: 200_000,
  rentals: 150_000,
  orderItems: 1_000_000,
  professors: 4_000,
} as const;

const DIVISIONS = [
  ['Main Campus', 0, 'letter', false, 55, 100],
  ['Health Sciences', 3, 'two-digit', false, 15, 100],
  ['Graduate School', -4, 'two-digit', false, 10, 500],
  ['Online & Continuing Education', 7, 'three-digit', true, 20, 100],
] as const;

const ACCOUNTS: AccountSpec[] = [
  {
    userName: LARGE_ADMIN,
    password: LARGE_PASSWORD,
    name: 'Lee Large-Admin',
    roles: ['FULL_REPORTER', 'PERMISSION_ADMINISTRATOR', 'SUBMITTER', 'INSTRUCTOR', 'CMA_MEMBER'],
  },
  {
    userName: 'reporter@large-university.edu',
    password: LARGE_PASSWORD,
    name: 'Lou Reporter',
    roles: ['FULL_REPORTER'],
  },
  {
    userName: 'submitter@large-university.edu',
    password: LARGE_PASSWORD,
    name: 'Sid Submitter',
    roles: ['SUBMITTER'],
    scoped: { SUBMITTER: { divisionIndex: 0, departmentCode: 'BIOL' } },
  },
  {
    userName: 'instructor@large-university.edu',
    password: LARGE_PASSWORD,
    name: 'Ira Instructor',
    roles: ['INSTRUCTOR'],
  },
];

function required(id: number | undefined): number {
  if (id === undefined) throw new Error('The large instructor account was not created');
  return id;
}

/** The large benchmark university at `scale` (1 = full size). */
export function largeStoreSpec(scale: number): StoreSpec {
  // Fewer departments at small scales, so a tiny test run still has several courses each.
  const perDivision = Math.max(
    2,
    Math.min(ALL_DEPARTMENTS.length, Math.round(ALL_DEPARTMENTS.length * Math.sqrt(scale))),
  );
  const departments = [
    ...ALL_DEPARTMENTS.filter((d) => d.code === 'BIOL' || d.code === 'CHEM'),
    ...ALL_DEPARTMENTS.filter((d) => d.code !== 'BIOL' && d.code !== 'CHEM'),
  ].slice(0, perDivision);
  const divisions: DivisionPlan[] = DIVISIONS.map(([name, offset, codes, eight, weight, base]) => ({
    name,
    departments,
    calendarOffsetDays: offset,
    sectionCodes: codes,
    eightWeekSessions: eight,
    studentWeight: weight,
    courseNumberBase: base,
  }));
  const departmentCount = departments.length * divisions.length;
  const students = Math.max(20, Math.round(LARGE_SIZES.students * scale));
  return {
    locationName: 'Large University Campus Store',
    externalRef: LARGE_STORE_REF,
    returnAddress: {
      name: 'Large University Campus Store — Rental Returns',
      streetOne: '500 Campus Drive',
      streetTwo: 'Shipping & Receiving',
      city: 'Columbus',
      state: 'OH',
      postalCode: '43210',
      phone: '(614) 555-0199',
    },
    taxRateBasisPoints: 725,
    brands: [LARGE_BRAND],
    accounts: ACCOUNTS,
    plan: ({ locationId, accountIds }) => ({
      seed: 0x1a56e003,
      locationId,
      universityName: 'Large University',
      studentEmailDomain: 'students.large-university.edu',
      staffEmailDomain: 'large-university.edu',
      serialPrefix: 'LU',
      divisions,
      coursesPerDepartment: (LARGE_SIZES.courses * scale) / departmentCount,
      sectionsPerCourse: { past: 1, current: 2, upcoming: 1 },
      professorsPerDepartment: Math.max(1, (LARGE_SIZES.professors * scale) / departmentCount),
      students,
      noCurrentEnrollmentShare: NO_CURRENT_SHARE,
      // Students without a current enrollment have about two past ones; the rest make up the total.
      enrollmentsPerStudent:
        (LARGE_SIZES.enrollments / LARGE_SIZES.students - 2 * NO_CURRENT_SHARE) /
        (1 - NO_CURRENT_SHARE),
      titles: Math.max(50, Math.round(LARGE_SIZES.titles * scale)),
      proposedTitles: Math.max(5, Math.round(500 * scale)),
      adoptedCourseShare: 0.6,
      ordersPerStudent: 8,
      itemsPerOrder: LARGE_SIZES.orderItems / LARGE_SIZES.students / 8,
      rentals: Math.round(LARGE_SIZES.rentals * scale),
      featuredProfessor: {
        divisionIndex: 0,
        departmentCode: 'CHEM',
        firstName: 'Ira',
        lastName: 'Instructor',
        email: 'instructor@large-university.edu',
        accountId: required(accountIds.get('instructor@large-university.edu')),
        currentSections: 6,
      },
      featuredRentalStudents: 3,
      adoptionCreatorIds: [...accountIds.values()],
    }),
  };
}
