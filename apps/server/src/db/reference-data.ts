import {
  ACTIONS,
  DEFAULT_ROLE_ACTIONS,
  ROLES,
  type ActionName,
  type RoleName,
} from '@csp/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from './client.ts';
import { actions, proposedProductTypes, roleActions, roles } from './schema/index.ts';

/** Friendly names and descriptions shown in the permissions screen (docs/behaviour/entities.md#role). */
export const ROLE_DETAILS: Record<RoleName, { friendly: string; description: string }> = {
  FULL_REPORTER: {
    friendly: 'Full Reporter',
    description: 'Sees reports, student addresses, savings and transactions',
  },
  PERMISSION_ADMINISTRATOR: {
    friendly: 'Permission Administrator',
    description: 'Assigns and removes roles and creates user accounts',
  },
  SUBMITTER: {
    friendly: 'Submitter',
    description: 'Adopts course materials for the catalog items they are assigned to',
  },
  INSTRUCTOR: {
    friendly: 'Instructor',
    description: 'Adopts course materials for the sections they teach',
  },
  CMA_MEMBER: {
    friendly: 'Course Materials Team',
    description: 'Manages adoptions, titles, rentals, orders, vouchers and data integration',
  },
  STORE_ADMINISTRATOR: {
    friendly: 'Store Administrator',
    description: "Manages the store's settings, websites, branding and single sign-on",
  },
};

export const ACTION_DESCRIPTIONS: Record<ActionName, string> = {
  ADOPT_CMA_TEAM: 'Adopt materials for any course as the course materials team',
  ADOPT_COURSE: 'Adopt materials for courses in the assigned catalog',
  ADOPT_INSTRUCTOR: 'Adopt materials for the sections one teaches',
  ASSIGN_PERMISSIONS: 'Assign and remove roles',
  ASSIGN_TITLE: 'Create titles and convert proposed titles',
  AUTOGEN_CREATE_ORDER: 'Create orders on behalf of students',
  CREATE_USER: 'Create user accounts',
  RETURN_RENTALS: 'Return rentals and print return labels',
  VIEW_ONTIME_PERCENTAGE: 'See on-time fulfilment figures',
  VIEW_SECTION: 'See section research',
  VIEW_STUDENT_ADDRESS: 'See student addresses',
  VIEW_STUDENT_SAVINGS: 'See student savings',
  VIEW_TRANSACTIONS: 'See student transaction history',
  DATA_MANAGER: 'Open the data summary',
  DATA_FULL_REPORTER: 'See data integration status',
  MANAGE_VOUCHERS: 'Manage vouchers and funding',
  UNHOLD_ORDERS: 'Release orders on hold',
  CANCEL_ORDERS: 'Cancel orders',
  VIEW_STUDENT_FUNDING: "See a student's allowances, balances and voucher codes",
  MANAGE_STORE: "Change the store's settings, websites, branding and single sign-on",
  MANAGE_ADOPTION_CAMPAIGNS:
    "Set the terms' adoption deadlines and see how sections stand against them",
  MANAGE_INCLUSIVE_ACCESS:
    "Run inclusive access: prices, opt-out deadlines, charge files and students' access lists",
};

/** Proposed product types offered by the "custom material" step of the adoption wizard. */
export const PROPOSED_PRODUCT_TYPES = [
  'Textbook',
  'Course Pack',
  'Access Code',
  'Lab Manual',
  'Software',
  'Other',
] as const;

/**
 * Makes sure every deployment has the roles, actions and product types the code relies on.
 * Idempotent and safe at every start: existing rows are left as they are, so friendly names or
 * role-action mappings an administrator changed survive restarts. A role's default actions
 * are applied only when the role itself is created here.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(actions)
      .values(ACTIONS.map((name) => ({ name, description: ACTION_DESCRIPTIONS[name] })))
      .onConflictDoNothing({ target: actions.name });
    const createdRoles = await tx
      .insert(roles)
      .values(ROLES.map((name) => ({ name, ...ROLE_DETAILS[name] })))
      .onConflictDoNothing({ target: roles.name })
      .returning({ id: roles.id, name: roles.name });
    await tx
      .insert(proposedProductTypes)
      .values(PROPOSED_PRODUCT_TYPES.map((name) => ({ name })))
      .onConflictDoNothing({ target: proposedProductTypes.name });
    if (createdRoles.length === 0) return;

    const actionRows = await tx
      .select({ id: actions.id, name: actions.name })
      .from(actions)
      .where(inArray(actions.name, [...ACTIONS]));
    const actionIds = new Map(actionRows.map((a) => [a.name, a.id]));
    const defaults = new Map<string, readonly ActionName[]>(Object.entries(DEFAULT_ROLE_ACTIONS));
    const mappings = createdRoles.flatMap((role) =>
      (defaults.get(role.name) ?? []).map((action) => {
        const actionId = actionIds.get(action);
        if (actionId === undefined) throw new Error(`Action ${action} is missing`);
        return { roleId: role.id, actionId };
      }),
    );
    if (mappings.length > 0) await tx.insert(roleActions).values(mappings).onConflictDoNothing();
  });
}
