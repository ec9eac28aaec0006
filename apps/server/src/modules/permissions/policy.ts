import { actionName, type ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Session } from '../../lib/session.ts';
import {
  listGrantsOfAction,
  listRoleGrants,
  resolveCatalogAncestry,
  teachesAnySection,
  teachesWithin,
  type CatalogAncestry,
  type RoleGrant,
  type ScopedGrant,
} from './repository.ts';

/**
 * The one place that answers "may this account do that?". Roles map to actions as data
 * (role_actions); the contract's DEFAULT_ROLE_ACTIONS constant is never consulted here.
 *
 * Rules for the store-level action list:
 * - a SUBMITTER assignment without a catalog scope grants nothing (a submitter always works
 *   within a division, department, course or section);
 * - an INSTRUCTOR assignment grants its actions only when the account is linked to a professor
 *   (professors.account_id) who teaches at least one section;
 * - every other assignment, scoped or store-wide, contributes its actions.
 *
 * Catalog-scoped questions ("may account A do X on catalog item Y?") go through {@link mayDo}:
 * a scoped assignment applies only to its own subtree (division > department > course >
 * section), an INSTRUCTOR only to the sections the professor teaches. Routes must keep asking
 * this module rather than testing the action list themselves.
 */
export async function getPermittedActions(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<ActionName[]> {
  const grants = await listRoleGrants(db, accountId, locationId);
  const needsTeaching = grants.some((g) => g.roleName === 'INSTRUCTOR');
  const teaches = needsTeaching ? await teachesAnySection(db, accountId, locationId) : false;
  const permitted = new Set<ActionName>();
  for (const grant of grants) {
    if (!grantApplies(grant, teaches)) continue;
    const parsed = actionName.safeParse(grant.actionName);
    if (parsed.success) permitted.add(parsed.data);
  }
  return [...permitted].sort();
}

function grantApplies(grant: RoleGrant, teaches: boolean): boolean {
  if (grant.roleName === 'SUBMITTER') return !grant.storeWide;
  if (grant.roleName === 'INSTRUCTOR') return teaches;
  return true;
}

/** Whether the signed-in caller holds `action` in their store. */
export async function hasAction(db: Db, session: Session, action: ActionName): Promise<boolean> {
  const permitted = await getPermittedActions(db, session.accountId, session.locationId);
  return permitted.includes(action);
}

/** Throws 403 with `message` unless the caller holds at least one of `wanted`. */
export async function requireAnyAction(
  db: Db,
  session: Session,
  wanted: readonly ActionName[],
  message = 'You do not have permission to do this.',
): Promise<void> {
  const permitted = await getPermittedActions(db, session.accountId, session.locationId);
  if (!wanted.some((action) => permitted.includes(action))) throw new AppError(403, message);
}

/** Throws 403 unless the caller holds `action`. */
export async function requireAction(db: Db, session: Session, action: ActionName): Promise<void> {
  if (!(await hasAction(db, session, action))) {
    throw new AppError(403, 'You do not have permission to do this.');
  }
}

/** A catalog item to ask about: any of its ids; the most specific one given decides. */
export interface CatalogItem {
  divisionId?: number | null;
  departmentId?: number | null;
  courseId?: number | null;
  sectionId?: number | null;
}

const LEVELS = ['sectionId', 'courseId', 'departmentId', 'divisionId'] as const;

function isEmptyItem(item: CatalogItem | undefined): boolean {
  return !item || LEVELS.every((level) => item[level] == null);
}

/** Every id the caller gave must agree with the resolved ancestry ("BIO 101" under "Law" is no item). */
function agrees(item: CatalogItem, ancestry: CatalogAncestry): boolean {
  return LEVELS.every((level) => item[level] == null || item[level] === ancestry[level]);
}

/** Whether an assignment's scope contains the item: store-wide, or its node is an ancestor-or-self. */
function scopeContains(grant: ScopedGrant, ancestry: CatalogAncestry): boolean {
  for (const level of LEVELS) {
    const id = grant[level];
    if (id != null) return ancestry[level] === id;
  }
  return true;
}

function isStoreWide(grant: ScopedGrant): boolean {
  return LEVELS.every((level) => grant[level] == null);
}

/**
 * May the signed-in caller do `action` on a catalog item of their store? Without an item: is the
 * action held anywhere (the login action list). With one:
 * - store-wide assignments apply everywhere, except SUBMITTER (which needs a scope);
 * - a scoped assignment applies only inside its own subtree;
 * - INSTRUCTOR applies only to sections the linked professor teaches, and to their courses for a
 *   course-level question (within the assignment's scope, if it has one);
 * - an item of another store, or ids that do not belong together, answer no.
 */
export async function mayDo(
  db: Db,
  session: Session,
  action: ActionName,
  catalogItem?: CatalogItem,
): Promise<boolean> {
  if (!catalogItem || isEmptyItem(catalogItem)) return hasAction(db, session, action);
  const ancestry = await resolveCatalogAncestry(db, session.locationId, catalogItem);
  if (!ancestry || !agrees(catalogItem, ancestry)) return false;
  const grants = await listGrantsOfAction(db, session.accountId, session.locationId, action);
  let teaches: boolean | undefined;
  for (const grant of grants) {
    if (!scopeContains(grant, ancestry)) continue;
    if (grant.roleName === 'SUBMITTER' && isStoreWide(grant)) continue;
    if (grant.roleName === 'INSTRUCTOR') {
      teaches ??= await instructorTeaches(db, session, ancestry);
      if (teaches) return true;
      continue;
    }
    return true;
  }
  return false;
}

async function instructorTeaches(
  db: Db,
  session: Session,
  ancestry: CatalogAncestry,
): Promise<boolean> {
  const { accountId, locationId } = session;
  if (ancestry.sectionId !== null) {
    return teachesWithin(db, accountId, locationId, { sectionId: ancestry.sectionId });
  }
  if (ancestry.courseId !== null) {
    return teachesWithin(db, accountId, locationId, { courseId: ancestry.courseId });
  }
  return false;
}

/**
 * Whether the caller holds `action` on every catalog item of the store: through a store-wide
 * assignment of a role other than SUBMITTER and INSTRUCTOR, which never apply store-wide.
 */
export async function holdsEverywhere(
  db: Db,
  session: Session,
  action: ActionName,
): Promise<boolean> {
  const grants = await listGrantsOfAction(db, session.accountId, session.locationId, action);
  return grants.some(
    (g) => isStoreWide(g) && g.roleName !== 'SUBMITTER' && g.roleName !== 'INSTRUCTOR',
  );
}

/** Whether the caller is a PERMISSION_ADMINISTRATOR without a catalog scope. */
export async function isStoreWidePermissionAdministrator(
  db: Db,
  session: Session,
): Promise<boolean> {
  const grants = await listRoleGrants(db, session.accountId, session.locationId);
  return grants.some((g) => g.roleName === 'PERMISSION_ADMINISTRATOR' && g.storeWide);
}

/**
 * The no-escalation rule for handing out (or taking away) a role: the caller must hold each of
 * the role's actions at each scope (store-wide: everywhere), unless they are a store-wide
 * PERMISSION_ADMINISTRATOR. Returns the first action they lack, or null when they may.
 */
export async function missingActionToGrant(
  db: Db,
  session: Session,
  roleActionNames: readonly string[],
  scopes: readonly CatalogItem[],
): Promise<{ action: string; scopeIndex: number | null } | null> {
  if (await isStoreWidePermissionAdministrator(db, session)) return null;
  for (const name of roleActionNames) {
    const parsed = actionName.safeParse(name);
    if (!parsed.success) return { action: name, scopeIndex: null };
    if (scopes.length === 0) {
      if (!(await holdsEverywhere(db, session, parsed.data))) {
        return { action: name, scopeIndex: null };
      }
      continue;
    }
    for (const [index, scope] of scopes.entries()) {
      if (!(await mayDo(db, session, parsed.data, scope)))
        return { action: name, scopeIndex: index };
    }
  }
  return null;
}
