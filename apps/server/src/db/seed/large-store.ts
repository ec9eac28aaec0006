import type { AccountSpec } from './accounts-seed.ts';
import { LARGE_BRAND } from './branding.ts';
import { FundingBook } from './gen-funding-book.ts';
import { fund, redeem } from './gen-funding-plans.ts';
import { ALL_SPENDING, type FundingData, type FundingInput } from './gen-funding-types.ts';
import { ALL_DEPARTMENTS, type DepartmentDef } from './department-catalog.ts';
import type { DivisionPlan } from './store-plan.ts';
import type { StoreSpec } from './store-seed.ts';

export const LARGE_STORE_REF = 'LARGE-U';
export const LARGE_PASSWORD = 'campus-demo-large';
export const LARGE_ADMIN = 'admin@large-university.edu';
/** SUBMITTER on the main campus's Biology department only (a scoped caller). */
export const LARGE_SUBMITTER = 'submitter@large-university.edu';
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
    userName: LARGE_SUBMITTER,
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

/**
 * A main-campus department of the demo store's size among the large store's big ones (7
 * courses: 14 sections in the current term, as the demo's largest department has): the public
 * department list's growth is this department against the demo's, a list of the same length
 * in a store 25 times larger (docs/benchmarks.md). Every other department has about 125.
 */
export const DEMO_SIZED_DEPARTMENT: DepartmentDef = {
  code: 'CLAS',
  name: 'Classics',
  topics: ['Latin', 'Ancient Greek', 'Classical Mythology', 'Roman History', 'Greek Tragedy'],
};
const DEMO_SIZED_COURSES = 7;

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
    emailDomains: ['large-university.edu'],
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
    funding: largeFunding,
    plan: ({ locationId, accountIds }) => ({
      seed: 0x1a56e003,
      locationId,
      universityName: 'Large University',
      studentEmailDomain: 'students.large-university.edu',
      staffEmailDomain: 'large-university.edu',
      serialPrefix: 'LU',
      divisions,
      coursesPerDepartment: (LARGE_SIZES.courses * scale) / departmentCount,
      extraDepartments: [
        { divisionIndex: 0, def: DEMO_SIZED_DEPARTMENT, courses: DEMO_SIZED_COURSES },
      ],
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

const AID_AMOUNTS = [35_000, 40_000, 45_000, 50_000, 55_000, 60_000];

/**
 * Funding at benchmark size (issue 14): six sources, about 24,000 allowances and 50,000 ledger
 * entries at scale 1 (allocations, charges of real order lines, refunds of cancelled orders,
 * the expiries of an ended window, promotion uses). Each source's budget fits its allowances.
 */
function largeFunding(input: FundingInput): FundingData {
  const book = new FundingBook(input);
  const { catalog } = input;
  const rng = book.rng;
  const admin = book.account(LARGE_ADMIN);
  const main = catalog.termsByDivision[0];
  if (!main) throw new Error('Funding seed: the large store has no division');
  const share = (fraction: number) =>
    Math.max(2, Math.round(input.people.studentInfo.length * fraction));
  const current = catalog.termsByDivision.map((t) => t.current.id);
  const start = main.current.startDay;
  const open = { startDay: start - 14, endDay: Math.max(start + 21, book.todayDay + 10) };
  const enrolledNow = book.generatedStudents((s) => s.sectionsByKind.current.length > 0);
  const common = { createdBy: admin, createdDay: open.startDay - 10, termIds: current, ...open };
  const plan = { day: open.startDay - 7, actor: admin, chargedAllowances: Infinity, ordersEach: 2 };

  const sources = [
    ['Federal Financial Aid Book Advance', 'FINANCIAL_AID', 0.2, 60_000],
    ['Presidential Scholarship', 'SCHOLARSHIP', 0.04, 50_000],
    ['Science Departments Lab Fund', 'DEPARTMENT', 0.04, 10_000],
    ['State Textbook Access Grant', 'GRANT', 0.06, 40_000],
  ] as const;
  for (const [name, kind, fraction, capCents] of sources) {
    const students = rng.sample(enrolledNow, share(fraction));
    const source = book.source({
      ...common,
      name,
      kind,
      budgetCents: students.length * capCents,
      termIds: kind === 'SCHOLARSHIP' ? [] : current,
      capCents,
      scope:
        kind === 'FINANCIAL_AID' || kind === 'DEPARTMENT'
          ? 'REQUIRED_OWN_SECTIONS'
          : 'ANY_COURSE_MATERIAL',
      spending:
        kind === 'SCHOLARSHIP'
          ? ['NEW', 'DIGITAL']
          : kind === 'DEPARTMENT'
            ? ['NEW', 'USED']
            : ALL_SPENDING,
      unspentPolicy: kind === 'SCHOLARSHIP' ? 'PAY_OUT_TO_STUDENT' : 'RETURN_TO_SOURCE',
    });
    fund(book, source, {
      ...plan,
      students,
      amount: (r) =>
        capCents === 60_000 ? r.pick(AID_AMOUNTS) : capCents - r.int(0, 4) * (capCents / 10),
      fileName: `${name.toLowerCase().replace(/ /g, '-')}.csv`,
      refunds: Math.round(students.length / 100),
    });
  }

  const pastStart = main.past.startDay;
  // Most large-store students enrol only in open sections: last term's aid paid any material.
  const pastStudents = rng.sample(
    book.generatedStudents(() => true),
    share(0.12),
  );
  const ended = book.source({
    name: 'Federal Financial Aid Book Advance (last term)',
    kind: 'FINANCIAL_AID',
    budgetCents: pastStudents.length * 60_000,
    termIds: catalog.termsByDivision.map((t) => t.past.id),
    startDay: pastStart - 14,
    endDay: pastStart + 21,
    capCents: 60_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    createdBy: admin,
    createdDay: pastStart - 24,
  });
  fund(book, ended, {
    ...plan,
    day: pastStart - 21,
    students: pastStudents,
    amount: (r) => r.pick(AID_AMOUNTS),
    fileName: 'financial-aid-last-term.csv',
    refunds: 0,
  });
  book.close(ended);

  const uses = share(0.02);
  const welcome = book.source({
    ...common,
    name: 'Welcome Week $10',
    kind: 'PROMOTION',
    budgetCents: uses * 2 * 1_000,
    termIds: [],
    startDay: start - 7,
    capCents: 1_000,
    scope: 'ANY_COURSE_MATERIAL',
    spending: ALL_SPENDING,
    unspentPolicy: 'RETURN_TO_SOURCE',
    promo: { code: 'WELCOME10', amountCents: 1_000, useLimit: uses * 2 },
  });
  redeem(
    book,
    welcome,
    rng.sample(
      book.generatedStudents(() => true),
      uses * 4,
    ),
    uses,
    admin,
  );
  return book.finish();
}
