import { actionName, type ActionName } from '@csp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Session } from '../../lib/session.ts';
import { listRoleGrants, teachesAnySection, type RoleGrant } from './repository.ts';

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
 * TODO(catalog scopes): a later issue adds catalog-scoped checks here — "may account A do X on
 * catalog item Y" (division / department / course / section), where a scoped assignment only
 * applies to its own subtree and an INSTRUCTOR only to the sections the professor teaches.
 * Routes must keep asking this module rather than testing the action list themselves.
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

/** Throws 403 unless the caller holds `action`. */
export async function requireAction(db: Db, session: Session, action: ActionName): Promise<void> {
  if (!(await hasAction(db, session, action))) {
    throw new AppError(403, 'You do not have permission to do this.');
  }
}
