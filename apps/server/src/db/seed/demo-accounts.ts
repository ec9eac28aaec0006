import type { RoleName } from '@csp/contracts';

/** Hosts of the demo websites. Store A has two websites; store B is a separate tenant. */
export const DEMO_HOSTS = {
  storeA: 'localhost',
  storeAAlt: '127.0.0.1',
  storeB: 'bookstore-b.localhost',
} as const;

export interface DemoAccount {
  userName: string;
  password: string;
  name: string;
  store: 'A' | 'B';
  /** Roles granted; scopes are applied by the seed as `note` describes. */
  roles: RoleName[];
  note: string;
}

/**
 * The demo logins printed by `npm start` and listed in the README. Fixed on purpose: they
 * exist only in demo data, so a newcomer can sign in without reading logs.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    userName: 'admin@demo-university.edu',
    password: 'campus-demo-admin',
    name: 'Alex Administrator',
    store: 'A',
    roles: [
      'FULL_REPORTER',
      'PERMISSION_ADMINISTRATOR',
      'SUBMITTER',
      'INSTRUCTOR',
      'CMA_MEMBER',
      'STORE_ADMINISTRATOR',
    ],
    note: 'store administrator: every role, store-wide',
  },
  {
    userName: 'reporter@demo-university.edu',
    password: 'campus-demo-reporter',
    name: 'Riley Reporter',
    store: 'A',
    roles: ['FULL_REPORTER'],
    note: 'FULL_REPORTER, store-wide',
  },
  {
    userName: 'permissions@demo-university.edu',
    password: 'campus-demo-permissions',
    name: 'Parker Permissions',
    store: 'A',
    roles: ['PERMISSION_ADMINISTRATOR'],
    note: 'PERMISSION_ADMINISTRATOR, store-wide',
  },
  {
    userName: 'submitter@demo-university.edu',
    password: 'campus-demo-submitter',
    name: 'Sam Submitter',
    store: 'A',
    roles: ['SUBMITTER'],
    note: 'SUBMITTER, scoped to one department (Biology, main campus)',
  },
  {
    userName: 'instructor@demo-university.edu',
    password: 'campus-demo-instructor',
    name: 'Ida Instructor',
    store: 'A',
    roles: ['INSTRUCTOR'],
    note: 'INSTRUCTOR, linked to the professor record of the sections they teach',
  },
  {
    userName: 'cma@demo-university.edu',
    password: 'campus-demo-cma',
    name: 'Casey Materials',
    store: 'A',
    roles: ['CMA_MEMBER'],
    note: 'CMA_MEMBER (course materials team), store-wide',
  },
  {
    userName: 'admin@bookstore-b.edu',
    password: 'campus-demo-store-b',
    name: 'Blair Store-B',
    store: 'B',
    roles: [
      'FULL_REPORTER',
      'PERMISSION_ADMINISTRATOR',
      'SUBMITTER',
      'INSTRUCTOR',
      'CMA_MEMBER',
      'STORE_ADMINISTRATOR',
    ],
    note: 'store B administrator: every role, store-wide (store B only)',
  },
];
