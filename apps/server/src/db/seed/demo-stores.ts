import { DEV_IDP_WEBSITE_SSO } from '../../dev-idp/settings.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import type { AccountSpec } from './accounts-seed.ts';
import { DEMO_LAW_BRAND, DEMO_MAIN_BRAND, STORE_B_BRAND } from './branding.ts';
import {
  LAW_SCHOOL_DEPARTMENTS,
  MAIN_CAMPUS_DEPARTMENTS,
  ONLINE_DEPARTMENTS,
} from './department-catalog.ts';
import type { StoreSpec } from './store-seed.ts';
import type { FeaturedStudent } from './store-plan.ts';

export const STORE_A_REF = 'DEMO-U';
export const STORE_B_REF = 'DEMO-B';

/** The submitter works on one department, the instructor is linked to one professor. */
const SUBMITTER_SCOPE = { divisionIndex: 0, departmentCode: 'BIOL' } as const;
const INSTRUCTOR_DEPARTMENT = 'CHEM';

function accountsOf(store: 'A' | 'B'): AccountSpec[] {
  return DEMO_ACCOUNTS.filter((a) => a.store === store).map((a) => ({
    userName: a.userName,
    password: a.password,
    name: a.name,
    roles: a.roles,
    // Only the dedicated submitter is scoped; the administrator's SUBMITTER role is store-wide.
    scoped:
      a.roles.length === 1 && a.roles[0] === 'SUBMITTER'
        ? { SUBMITTER: SUBMITTER_SCOPE }
        : undefined,
  }));
}

function accountId(ids: ReadonlyMap<string, number>, role: string): number {
  const account = DEMO_ACCOUNTS.find(
    (a) => a.store === 'A' && a.roles.length === 1 && a.roles[0] === role,
  );
  const id = account ? ids.get(account.userName) : undefined;
  if (id === undefined) throw new Error(`No demo account with only the ${role} role`);
  return id;
}

/** Store A's administrator (every role, store-wide). */
function administratorId(ids: ReadonlyMap<string, number>): number {
  const account = DEMO_ACCOUNTS.find(
    (a) => a.store === 'A' && a.roles.includes('CMA_MEMBER') && a.roles.length > 1,
  );
  const id = account ? ids.get(account.userName) : undefined;
  if (id === undefined) throw new Error('No demo administrator in store A');
  return id;
}

/**
 * Store A's featured rental students (FEATURED_STUDENTS.md: keep both in step). Fixed IDs and
 * names for demos and end-to-end tests; each has current enrollments, four outstanding rentals
 * (distinct ISBNs) in two return groups, one group in transit, one returned, and at least two
 * required materials not yet bought. The first group is due `dueInDays` after the seed day:
 *
 *   Student ID  Name               First group due in   Reminder window
 *   900000001   Maya Thompson      3 days               DUE_IN_3 (Thompson: several students)
 *   900000002   Julian Okonkwo     10 days              DUE_IN_10
 *   900000003   Priya Raman        1 day                DUE_IN_1
 *   900000004   Lucas Bergstrom    7 days               DUE_IN_10
 *   900000005   Amara Whitfield    0 days (today)       DUE_IN_1
 *   900000006   Diego Castellanos  2 days               DUE_IN_3
 *   900000007   Hannah Lindqvist   5 days               DUE_IN_10
 *   900000008   Kenji Watanabe     9 days               DUE_IN_10
 *   900000009   Fatima Haddad      4 days               DUE_IN_10
 *   900000010   Noah Fairbanks     6 days               DUE_IN_10
 *
 * Only Thompson is a generated last name too (a name search for it lists several students);
 * the other last names belong to one student each.
 */
export const DEMO_FEATURED_STUDENTS: readonly FeaturedStudent[] = [
  { studentIdNum: '900000001', firstName: 'Maya', lastName: 'Thompson', dueInDays: 3 },
  { studentIdNum: '900000002', firstName: 'Julian', lastName: 'Okonkwo', dueInDays: 10 },
  { studentIdNum: '900000003', firstName: 'Priya', lastName: 'Raman', dueInDays: 1 },
  { studentIdNum: '900000004', firstName: 'Lucas', lastName: 'Bergstrom', dueInDays: 7 },
  { studentIdNum: '900000005', firstName: 'Amara', lastName: 'Whitfield', dueInDays: 0 },
  { studentIdNum: '900000006', firstName: 'Diego', lastName: 'Castellanos', dueInDays: 2 },
  { studentIdNum: '900000007', firstName: 'Hannah', lastName: 'Lindqvist', dueInDays: 5 },
  { studentIdNum: '900000008', firstName: 'Kenji', lastName: 'Watanabe', dueInDays: 9 },
  { studentIdNum: '900000009', firstName: 'Fatima', lastName: 'Haddad', dueInDays: 4 },
  { studentIdNum: '900000010', firstName: 'Noah', lastName: 'Fairbanks', dueInDays: 6 },
];

/** Store A: Demo University, three divisions, two websites. */
export const STORE_A: StoreSpec = {
  locationName: 'Demo University Campus Store',
  externalRef: STORE_A_REF,
  courseMaterialsEmail: 'textbooks@demo-university.edu',
  // Copies of adoption messages and e-mailed exports may go to any campus address.
  emailDomains: ['demo-university.edu'],
  returnAddress: {
    name: 'Demo University Campus Store — Rental Returns',
    streetOne: '1200 University Avenue',
    streetTwo: 'Receiving Dock B',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62703',
    phone: '(217) 555-0142',
  },
  taxRateBasisPoints: 625,
  // The second website signs in through the development IdP (apps/server/src/dev-idp).
  brands: [DEMO_MAIN_BRAND, { ...DEMO_LAW_BRAND, sso: DEV_IDP_WEBSITE_SSO }],
  accounts: accountsOf('A'),
  plan: ({ locationId, accountIds }) => {
    const instructor = DEMO_ACCOUNTS.find((a) => a.userName.startsWith('instructor@'));
    return {
      seed: 0x5eed_a001,
      locationId,
      universityName: 'Demo University',
      studentEmailDomain: 'students.demo-university.edu',
      staffEmailDomain: 'demo-university.edu',
      serialPrefix: 'DU',
      divisions: [
        {
          name: 'Main Campus',
          departments: MAIN_CAMPUS_DEPARTMENTS,
          calendarOffsetDays: 0,
          sectionCodes: 'letter',
          eightWeekSessions: false,
          studentWeight: 70,
          courseNumberBase: 100,
        },
        {
          name: 'School of Law',
          departments: LAW_SCHOOL_DEPARTMENTS,
          calendarOffsetDays: -7,
          sectionCodes: 'two-digit',
          eightWeekSessions: false,
          studentWeight: 10,
          courseNumberBase: 500,
        },
        {
          name: 'Online & Continuing Education',
          departments: ONLINE_DEPARTMENTS,
          calendarOffsetDays: 7,
          sectionCodes: 'three-digit',
          eightWeekSessions: true,
          studentWeight: 20,
          courseNumberBase: 100,
        },
      ],
      coursesPerDepartment: 400 / 41,
      sectionsPerCourse: { past: 1, current: 1.2, upcoming: 0.8 },
      professorsPerDepartment: 300 / 41,
      students: 3000,
      noCurrentEnrollmentShare: 0.05,
      enrollmentsPerStudent: 4,
      titles: 2000,
      proposedTitles: 30,
      adoptedCourseShare: 0.7,
      ordersPerStudent: 2,
      itemsPerOrder: 2.5,
      rentals: 2500,
      featuredProfessor: {
        divisionIndex: 0,
        departmentCode: INSTRUCTOR_DEPARTMENT,
        firstName: 'Ida',
        lastName: 'Instructor',
        email: instructor?.userName ?? 'instructor@demo-university.edu',
        accountId: accountId(accountIds, 'INSTRUCTOR'),
        currentSections: 4,
      },
      featuredRentalStudents: DEMO_FEATURED_STUDENTS.length,
      featuredStudents: DEMO_FEATURED_STUDENTS,
      // The course materials team and the administrator adopt anywhere (and ask each other's
      // submitters questions); the submitter only in their department.
      adoptionCreatorIds: [accountId(accountIds, 'CMA_MEMBER'), administratorId(accountIds)],
      departmentCreators: [
        { ...SUBMITTER_SCOPE, accountIds: [accountId(accountIds, 'SUBMITTER')] },
      ],
    };
  },
};

/** Store B: a separate tenant with a small data set of its own. */
export const STORE_B: StoreSpec = {
  locationName: 'Bookstore B',
  externalRef: STORE_B_REF,
  emailDomains: ['bookstore-b.edu'],
  returnAddress: {
    name: 'Bookstore B — Rental Returns',
    streetOne: '45 College Street',
    streetTwo: 'Student Union, Lower Level',
    city: 'Madison',
    state: 'WI',
    postalCode: '53703',
    phone: '(608) 555-0188',
  },
  // No sales tax on course materials: the order preview shows a zero tax line.
  taxRateBasisPoints: 0,
  brands: [STORE_B_BRAND],
  accounts: accountsOf('B'),
  plan: ({ locationId, accountIds }) => ({
    seed: 0x5eed_b002,
    locationId,
    universityName: 'Bookstore B College',
    studentEmailDomain: 'students.bookstore-b.edu',
    staffEmailDomain: 'bookstore-b.edu',
    serialPrefix: 'BB',
    divisions: [
      {
        name: 'Main Campus',
        departments: MAIN_CAMPUS_DEPARTMENTS.filter((d) =>
          ['BIOL', 'BUSN', 'ENGL', 'HIST', 'MATH'].includes(d.code),
        ),
        calendarOffsetDays: 3,
        sectionCodes: 'two-digit',
        eightWeekSessions: false,
        studentWeight: 1,
        courseNumberBase: 100,
      },
    ],
    coursesPerDepartment: 4,
    sectionsPerCourse: { past: 0.8, current: 1, upcoming: 0.7 },
    professorsPerDepartment: 3,
    students: 100,
    noCurrentEnrollmentShare: 0.05,
    enrollmentsPerStudent: 3,
    titles: 150,
    proposedTitles: 4,
    adoptedCourseShare: 0.6,
    ordersPerStudent: 1.5,
    itemsPerOrder: 2,
    rentals: 40,
    featuredRentalStudents: 2,
    adoptionCreatorIds: [...accountIds.values()],
  }),
};
