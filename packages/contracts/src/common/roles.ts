import { z } from 'zod';

/**
 * Action names: docs/behaviour/entities.md's, and VIEW_STUDENT_FUNDING (ours: a student's allowances, balances and
 * voucher codes on the student screen, without managing funding; MANAGE_VOUCHERS sees them too).
 */
export const ACTIONS = [
  'ADOPT_CMA_TEAM',
  'ADOPT_COURSE',
  'ADOPT_INSTRUCTOR',
  'ASSIGN_PERMISSIONS',
  'ASSIGN_TITLE',
  'AUTOGEN_CREATE_ORDER',
  'CREATE_USER',
  'RETURN_RENTALS',
  'VIEW_ONTIME_PERCENTAGE',
  'VIEW_SECTION',
  'VIEW_STUDENT_ADDRESS',
  'VIEW_STUDENT_SAVINGS',
  'VIEW_TRANSACTIONS',
  'DATA_MANAGER',
  'DATA_FULL_REPORTER',
  'MANAGE_VOUCHERS',
  'UNHOLD_ORDERS',
  'CANCEL_ORDERS',
  'VIEW_STUDENT_FUNDING',
  'MANAGE_STORE',
  'MANAGE_ADOPTION_CAMPAIGNS',
  'MANAGE_INCLUSIVE_ACCESS',
] as const;
export const actionName = z.enum(ACTIONS);
export type ActionName = z.infer<typeof actionName>;

/**
 * What staff read for each action: the plain name a message or a screen gives a permission
 * (the code itself is for the administrator who grants it).
 */
export const ACTION_LABELS: Record<ActionName, string> = {
  ADOPT_CMA_TEAM: 'Adopt for any course (course materials team)',
  ADOPT_COURSE: 'Adopt for courses',
  ADOPT_INSTRUCTOR: 'Adopt for the courses one teaches',
  ASSIGN_PERMISSIONS: 'Assign permissions',
  ASSIGN_TITLE: 'Link proposed titles to catalog titles',
  AUTOGEN_CREATE_ORDER: 'Create orders for students',
  CREATE_USER: 'Create user accounts',
  RETURN_RENTALS: 'Return rentals',
  VIEW_ONTIME_PERCENTAGE: 'See on-time adoption figures',
  VIEW_SECTION: 'See sections',
  VIEW_STUDENT_ADDRESS: 'See student addresses',
  VIEW_STUDENT_SAVINGS: 'See student savings',
  VIEW_TRANSACTIONS: 'See transactions',
  DATA_MANAGER: 'Manage data imports',
  DATA_FULL_REPORTER: 'See data import reports',
  MANAGE_VOUCHERS: 'Manage funding and vouchers',
  UNHOLD_ORDERS: 'Release held orders',
  CANCEL_ORDERS: 'Cancel orders',
  VIEW_STUDENT_FUNDING: "See students' funding",
  MANAGE_STORE: "Manage the store's settings and websites",
  MANAGE_ADOPTION_CAMPAIGNS: 'Manage adoption deadlines and campaigns',
  MANAGE_INCLUSIVE_ACCESS: 'Manage inclusive access programs',
};

/** Role names (docs/behaviour/entities.md). */
export const ROLES = [
  'FULL_REPORTER',
  'PERMISSION_ADMINISTRATOR',
  'SUBMITTER',
  'INSTRUCTOR',
  'CMA_MEMBER',
  'STORE_ADMINISTRATOR',
] as const;
export const roleName = z.enum(ROLES);
export type RoleName = z.infer<typeof roleName>;

/** Roles held store-wide only: they cannot be limited to a catalog. */
export const ROLE_ONLY_ROLES: readonly string[] = [
  'PERMISSION_ADMINISTRATOR',
  'STORE_ADMINISTRATOR',
] satisfies RoleName[];

/**
 * The default role -> action mapping. The server seeds it as data; the permission rules read
 * the database, never this constant.
 */
export const DEFAULT_ROLE_ACTIONS: Record<RoleName, readonly ActionName[]> = {
  FULL_REPORTER: [
    'VIEW_STUDENT_ADDRESS',
    'VIEW_STUDENT_SAVINGS',
    'VIEW_ONTIME_PERCENTAGE',
    'VIEW_SECTION',
    'VIEW_TRANSACTIONS',
    'DATA_FULL_REPORTER',
  ],
  PERMISSION_ADMINISTRATOR: ['ASSIGN_PERMISSIONS', 'CREATE_USER'],
  SUBMITTER: ['ADOPT_COURSE', 'VIEW_SECTION'],
  INSTRUCTOR: ['ADOPT_INSTRUCTOR'],
  CMA_MEMBER: [
    'ADOPT_CMA_TEAM',
    'ASSIGN_TITLE',
    'VIEW_SECTION',
    'RETURN_RENTALS',
    'AUTOGEN_CREATE_ORDER',
    'UNHOLD_ORDERS',
    'CANCEL_ORDERS',
    'MANAGE_VOUCHERS',
    'DATA_MANAGER',
    // The counter team sees the funding of the students it serves even where a store keeps
    // MANAGE_VOUCHERS for its funding managers alone.
    'VIEW_STUDENT_FUNDING',
    // Ours (issue 30): the team that chases adoptions sets the terms' deadlines.
    'MANAGE_ADOPTION_CAMPAIGNS',
    // Ours (issue 32): the team that sets prices runs the inclusive-access programs.
    'MANAGE_INCLUSIVE_ACCESS',
  ],
  // Ours (issue 29): the store's settings, websites and sign-on, apart from granting roles.
  STORE_ADMINISTRATOR: ['MANAGE_STORE', 'MANAGE_ADOPTION_CAMPAIGNS'],
};

/** MANAGE_INCLUSIVE_ACCESS holders run the programs: deadlines, prices, charge files, lists. */
export const IA_ACTIONS = ['MANAGE_INCLUSIVE_ACCESS'] as const;

/** Actions that open the adopt area (docs/behaviour/routes-and-guard.md). */
export const ADOPT_ACTIONS: readonly ActionName[] = [
  'ADOPT_CMA_TEAM',
  'ADOPT_COURSE',
  'ADOPT_INSTRUCTOR',
];
