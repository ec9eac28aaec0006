import { PERMISSION_AUDIT_EVENTS as EVENTS, type RoleName } from '@csp/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { generatePassword } from './generated-password.ts';
import {
  findUnlinkedProfessor,
  insertProfessor,
  insertSectionProfessors,
  linkProfessorAccount,
} from './launched-account-repository.ts';
import { snapshotRoles } from './user-roles.ts';
import {
  findStoreAccount,
  insertAccount,
  insertAudit,
  insertUserRoles,
  listRoles,
  listUserRoleRows,
} from './user-roles-repository.ts';

/** The role a launch may give an instructor the store does not know (issue 33, point 3). */
const LAUNCH_ROLE: RoleName = 'INSTRUCTOR';

/**
 * INSTRUCTOR acts on the sections its professor record teaches (grants.ts): the launched
 * instructor becomes the registrar's professor of those sections with their e-mail when there is
 * one without an account, else a professor of their own (the platform says they teach the
 * course), and teaches every launched section.
 */
async function teachSections(
  tx: Db,
  person: {
    locationId: number;
    accountId: number;
    email: string;
    firstName: string;
    lastName: string;
  },
  sectionIds: number[],
): Promise<void> {
  const { locationId, accountId, email } = person;
  let professorId = await findUnlinkedProfessor(tx, locationId, email, sectionIds);
  if (professorId === null) {
    const { firstName, lastName } = person;
    professorId = await insertProfessor(tx, { locationId, accountId, email, firstName, lastName });
  } else await linkProfessorAccount(tx, professorId, accountId);
  await insertSectionProfessors(tx, professorId, sectionIds);
}

/**
 * An account made by a launch from a learning platform (issue 33): an instructor the store did
 * not know, named by the platform's e-mail. With `instructorSectionIds` (the store lets launches
 * grant it), INSTRUCTOR on those sections, which they teach from then on; otherwise no roles,
 * and a manager grants them. No
 * signed-in user made it, so the audit log names no actor. Its password is random and never
 * told: the owner comes in through the platform, or chooses one with a reset. When an account
 * of that name exists (two launches at once), that one is answered and nothing is made.
 */
export async function createLaunchedAccount(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: {
    locationId: number;
    email: string;
    firstName: string;
    lastName: string;
    instructorSectionIds: number[];
  },
): Promise<{ accountId: number; created: boolean }> {
  const { locationId } = input;
  const passwordHash = await hashPassword(generatePassword());
  const role = (await listRoles(deps.db)).find((r) => r.name === LAUNCH_ROLE);
  if (!role) throw new Error(`the ${LAUNCH_ROLE} role is missing from the reference data`);
  try {
    const accountId = await deps.db.transaction(async (tx) => {
      const id = await insertAccount(tx, {
        locationId,
        userName: input.email,
        name: `${input.firstName} ${input.lastName}`.trim() || input.email,
        passwordHash,
      });
      const audit = { locationId, actorAccountId: null, subjectAccountId: id, at: deps.now() };
      await insertAudit(tx, { ...audit, event: EVENTS.accountCreated, before: null, after: [] });
      if (input.instructorSectionIds.length === 0) return id;
      await teachSections(tx, { ...input, accountId: id }, input.instructorSectionIds);
      await insertUserRoles(
        tx,
        input.instructorSectionIds.map((sectionId) => ({
          locationId,
          accountId: id,
          roleId: role.id,
          createdBy: null,
          divisionId: null,
          departmentId: null,
          courseId: null,
          sectionId,
        })),
      );
      const after = snapshotRoles(await listUserRoleRows(tx, id, locationId));
      await insertAudit(tx, { ...audit, event: EVENTS.roleAssigned, before: [], after });
      return id;
    });
    return { accountId, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findStoreAccount(deps.db, locationId, input.email);
    if (!existing) throw error;
    return { accountId: existing.id, created: false };
  }
}

/**
 * Whether a launch may hand this account a session (ADR 0050): only when every role it holds
 * is INSTRUCTOR, which acts on nothing but the sections its professor record teaches. A
 * platform's e-mail claim is not proof of the address (LTI has no verified-e-mail claim, and a
 * platform user may change their address), so an account with any other role, a store
 * administrator's above all, signs in with its own password or SSO instead.
 */
export async function launchMaySignIn(
  db: Db,
  accountId: number,
  locationId: number,
): Promise<boolean> {
  const rows = await listUserRoleRows(db, accountId, locationId);
  return rows.every((row) => row.role.name === LAUNCH_ROLE);
}
