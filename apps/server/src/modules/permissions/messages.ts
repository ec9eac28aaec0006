import { CATALOG_MESSAGES } from '../catalog/index.ts';

/** Messages of the permissions area; each names what the user can act on. */
export const PERMISSION_MESSAGES = {
  ...CATALOG_MESSAGES,
  userNotFound: 'No user found with that e-mail address.',
  mayNotRead: "You do not have permission to see other users' permissions.",
  mayNotAssign: 'You do not have permission to assign or remove roles.',
  mayNotCreate: 'You do not have permission to create user accounts.',
  accountExists: 'A user with that e-mail address already exists in this store.',
  roleNotFound: (id: number) => `There is no role with id ${id}.`,
  roleNameMismatch: (id: number, name: string) => `Role ${id} is ${name}, not the name given.`,
  roleOnly: (role: string) =>
    `${role} is assigned store-wide only; it cannot be limited to a catalog.`,
  alreadyStoreWide: (user: string, role: string) =>
    `${user} already has the ${role} role store-wide.`,
  alreadyScoped: (user: string, role: string) =>
    `${user} has the ${role} role for specific catalogs; remove those before assigning it store-wide.`,
  storeWideBlocksScope: (user: string, role: string) =>
    `${user} already has the ${role} role store-wide, which covers every catalog.`,
  alreadyForScope: (user: string, role: string, scope: string) =>
    `${user} already has the ${role} role for ${scope}.`,
  repeatedScope: (scope: string) => `${scope} is listed more than once.`,
  concurrentChange: 'That role was just assigned by someone else. Reload and try again.',
  roleNotHeld: (user: string, role: string) => `${user} does not have the ${role} role.`,
  scopeNotHeld: (user: string, role: string, scope: string) =>
    `${user} does not have the ${role} role for ${scope}.`,
  escalation: (verb: 'grant' | 'remove', role: string, action: string, scope: string | null) =>
    `You cannot ${verb} ${role} ${scope ? `for ${scope}` : 'store-wide'}: you do not hold ${action} ${scope ? 'there' : 'everywhere'} yourself.`,
  ownAdministrator: 'You cannot remove your own Permission Administrator role.',
  ownRoles: 'You cannot grant roles to your own account. Ask another permission administrator.',
} as const;
