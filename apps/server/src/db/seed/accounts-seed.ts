import type { RoleName } from '@csp/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { proposedProductTypes, roles, userAccounts, userRoles } from '../schema/index.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import type { IdAllocator } from '../bulk-write.ts';
import type { CatalogData } from './catalog-data.ts';

/** Where a scoped role applies: a department of a division (indexes into the store plan). */
export interface DepartmentScope {
  divisionIndex: number;
  departmentCode: string;
}

export interface AccountSpec {
  userName: string;
  password: string;
  name: string;
  roles: readonly RoleName[];
  /** Roles granted on one department instead of store-wide. */
  scoped?: Partial<Record<RoleName, DepartmentScope>>;
}

type AccountRow = typeof userAccounts.$inferInsert;
type UserRoleRow = typeof userRoles.$inferInsert;

/** Account rows with argon2id hashes, and their ids by user name. */
export async function buildAccounts(
  ids: IdAllocator,
  locationId: number,
  specs: readonly AccountSpec[],
): Promise<{ rows: AccountRow[]; idByUserName: Map<string, number> }> {
  const idByUserName = new Map<string, number>();
  const rows: AccountRow[] = [];
  // Hashing is deliberately slow; hash all accounts concurrently.
  const hashes = await Promise.all(specs.map((s) => hashPassword(s.password)));
  specs.forEach((spec, i) => {
    const id = ids.next(userAccounts);
    idByUserName.set(spec.userName, id);
    rows.push({
      id,
      locationId,
      userName: spec.userName,
      name: spec.name,
      email: spec.userName,
      passwordHash: hashes[i] ?? null,
      active: true,
    });
  });
  return { rows, idByUserName };
}

/** One user_roles row per role; store-wide (null scopes) unless the spec scopes it. */
export function buildUserRoles(
  ids: IdAllocator,
  locationId: number,
  specs: readonly AccountSpec[],
  idByUserName: ReadonlyMap<string, number>,
  roleIds: ReadonlyMap<string, number>,
  catalog: CatalogData,
): UserRoleRow[] {
  const rows: UserRoleRow[] = [];
  for (const spec of specs) {
    const accountId = idByUserName.get(spec.userName);
    if (accountId === undefined) throw new Error(`No account id for ${spec.userName}`);
    for (const role of spec.roles) {
      const roleId = roleIds.get(role);
      if (roleId === undefined)
        throw new Error(`Role ${role} is missing; run ensureReferenceData first`);
      const scope = spec.scoped?.[role];
      let divisionId: number | null = null;
      let departmentId: number | null = null;
      if (scope) {
        const department = catalog.departmentInfo.find(
          (d) => d.divisionIndex === scope.divisionIndex && d.def.code === scope.departmentCode,
        );
        if (!department)
          throw new Error(`No department ${scope.departmentCode} for ${spec.userName}`);
        divisionId = catalog.divisionIds[scope.divisionIndex] ?? null;
        departmentId = department.id;
      }
      rows.push({
        id: ids.next(userRoles),
        locationId,
        accountId,
        roleId,
        divisionId,
        departmentId,
        courseId: null,
        sectionId: null,
      });
    }
  }
  return rows;
}

/** Role ids by name and proposed product type ids, read back from the reference data. */
export async function loadReferenceIds(
  db: Db,
  roleNames: readonly string[],
): Promise<{ roleIds: Map<string, number>; productTypeIds: number[] }> {
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, [...roleNames]));
  const typeRows = await db
    .select({ id: proposedProductTypes.id })
    .from(proposedProductTypes)
    .orderBy(proposedProductTypes.id);
  return {
    roleIds: new Map(roleRows.map((r) => [r.name, r.id])),
    productTypeIds: typeRows.map((r) => r.id),
  };
}
