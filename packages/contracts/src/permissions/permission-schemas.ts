import { z } from 'zod';
import { dbId, dbIdParam } from '../common/errors.ts';

/**
 * docs/behaviour/validation.md: a user name can be looked up or given roles only when it contains both '@' and '.'.
 * The web app and the server apply the same test.
 */
export function isAssignableUsername(value: string): boolean {
  return value.includes('@') && value.includes('.');
}

/** A user name (an e-mail address) in a permissions query; 400 naming the field otherwise. */
export const permissionUsername = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .refine(isAssignableUsername, 'must be an e-mail address containing @ and .');

/** Path parameter of every admin call: the caller's own account id. */
export const accountIdParams = z.object({ userAccountId: dbIdParam });

/** docs/behaviour/entities.md#role. */
export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  friendly: z.string(),
  description: z.string(),
});
export type Role = z.infer<typeof role>;

/** A role as a request names it: the id decides; a name, if sent, must agree with it. */
export const roleInput = z.object({
  id: dbId,
  name: z.string().max(100).optional(),
  friendly: z.string().max(200).optional(),
  description: z.string().max(1000).optional(),
});
export type RoleInput = z.infer<typeof roleInput>;

/**
 * docs/behaviour/entities.md#catalog-scope: division, then department, course and section, each level optional
 * below the one above. `sectionId` (and the section's short term name) are additions: a section
 * code repeats from term to term, so the id tells which section is meant.
 */
export const authCatalog = z.object({
  divisionId: z.number().int(),
  divisionName: z.string(),
  departmentCode: z.string().nullable(),
  courseCode: z.string().nullable(),
  sectionCode: z.string().nullable(),
  sectionId: z.number().int().nullable(),
  termName: z.string().nullable(),
  universityName: z.string(),
});
export type AuthCatalog = z.infer<typeof authCatalog>;

/** An empty text means "not given", so a picker can send '' for an unused level. */
const optionalCode = z
  .string()
  .trim()
  .max(50, 'must be at most 50 characters')
  .nullish()
  .transform((v) => (v ? v : null));

/** A catalog scope as a request gives it; names are accepted (so a listed scope can be sent back) but ignored. */
export const authCatalogInput = z
  .object({
    divisionId: dbId,
    divisionName: z.string().max(200).nullish(),
    departmentCode: optionalCode,
    courseCode: optionalCode,
    sectionCode: optionalCode,
    sectionId: dbId.nullish(),
    termName: z.string().max(200).nullish(),
    universityName: z.string().max(200).nullish(),
  })
  .superRefine((c, ctx) => {
    if (c.courseCode && !c.departmentCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['departmentCode'],
        message: 'is required with a course',
      });
    }
    if ((c.sectionCode || c.sectionId) && !c.courseCode) {
      ctx.addIssue({ code: 'custom', path: ['courseCode'], message: 'is required with a section' });
    }
  });
export type AuthCatalogInput = z.input<typeof authCatalogInput>;

/** One role of a user with the catalogs it is limited to; an empty list means store-wide. */
export const roleCatalogs = z.object({ Role: role, AuthCatalogList: z.array(authCatalog) });
export type RoleCatalogs = z.infer<typeof roleCatalogs>;

/** docs/behaviour/entities.md#user-roles-response. */
export const userRolesResponse = z.object({ authRoleCatalogsDTO: z.array(roleCatalogs) });
export type UserRolesResponse = z.infer<typeof userRolesResponse>;

/** The account summary shown above a user's roles. Timestamps are ISO strings. */
export const permissionUser = z.object({
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PermissionUser = z.infer<typeof permissionUser>;

/** What the audit log keeps of a user's roles: each role with readable scope labels (empty = store-wide). */
export const auditRoleSnapshot = z.array(
  z.object({ role: z.string(), friendly: z.string(), scopes: z.array(z.string()) }),
);
export type AuditRoleSnapshot = z.infer<typeof auditRoleSnapshot>;

/** Audit events written by the permissions area. */
export const PERMISSION_AUDIT_EVENTS = {
  accountCreated: 'ACCOUNT_CREATED',
  roleAssigned: 'ROLE_ASSIGNED',
  roleUnassigned: 'ROLE_UNASSIGNED',
  roleScopeUnassigned: 'ROLE_SCOPE_UNASSIGNED',
} as const;

export const auditEntry = z.object({
  id: z.number().int(),
  event: z.string(),
  at: z.string(),
  /** Who made the change; null when it was not made by a signed-in user (e.g. a seed). */
  actor: z.object({ userName: z.string(), name: z.string() }).nullable(),
  /** The user's roles before and after; null when the entry is not about roles. */
  before: auditRoleSnapshot.nullable(),
  after: auditRoleSnapshot.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
