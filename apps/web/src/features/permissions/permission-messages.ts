/** The messages of docs/behaviour/validation.md#permissions-forms for the permissions screen, verbatim (including "an name"). */
export const PERMISSION_MESSAGES = {
  createEmailRequired: 'Enter an email address to create a user.',
  createNameRequired: 'Enter an name to create a user.',
  findEmailRequired: 'Enter an email address to find a user.',
  roleRequired: 'Must select a role to assign it!',
  /** The server's own refusal, shown instead of the add-role form on one's own account. */
  ownRoles: 'You cannot grant roles to your own account. Ask another permission administrator.',
  roleOnlyCaution:
    'Caution: you selected a role only. Some permissions need a catalog attached - proceed?',
} as const;

/** Sentinel values of the catalog picker (docs/behaviour/validation.md): 'all' divisions, 'All' departments/courses. */
export const ALL_DIVISIONS = 'all';
export const ALL_DEPARTMENTS = 'All';
export const ALL_COURSES = 'All';
