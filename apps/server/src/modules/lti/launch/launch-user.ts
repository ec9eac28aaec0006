import { ADOPT_ACTIONS } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { findActiveAccount } from '../../account/index.ts';
import { issueStudentSsoCode } from '../../inclusive-access/index.ts';
import {
  createLaunchedAccount,
  getPermittedActions,
  launchMaySignIn,
} from '../../permissions/index.ts';
import type { LtiRegistration } from '../registrations/registration-repository.ts';
import type { LaunchClaims } from './launch-claims.ts';
import { LaunchRefusal } from './launch-refusal.ts';
import {
  findAccountByEmail,
  findStudent,
  findSubject,
  linkSubject,
} from './launch-user-repository.ts';

/** The instructor a launch is: the store's account, and what it may do. */
export interface LaunchedInstructor {
  accountId: number;
  /** Made by this launch. */
  created: boolean;
  /** Active and allowed to adopt. */
  mayAdopt: boolean;
  /**
   * The launch may sign them in with a ticket: every role they hold is INSTRUCTOR. Otherwise
   * they land without one and sign in with their own password or SSO (ADR 0050).
   */
  signsIn: boolean;
}

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The account a subject link or the e-mail names (the link first: a platform's address may change). */
async function knownAccount(deps: Deps, registration: LtiRegistration, claims: LaunchClaims) {
  const link = await findSubject(deps.db, registration.id, claims.subject);
  if (link?.accountId) return link.accountId;
  const byEmail = claims.email
    ? await findAccountByEmail(deps.db, registration.locationId, claims.email)
    : null;
  return byEmail?.id ?? null;
}

/**
 * Who an instructor's launch is (issue 33, point 3): the account the platform's `sub` was
 * linked to, else the store's staff account of the launch's e-mail, else a new account made
 * for that e-mail, with INSTRUCTOR on `grantSectionIds` (the store grants on launch and the
 * course mapped) or no roles. The `sub` is linked to the account when the launch may sign it
 * in (see {@link LaunchedInstructor.signsIn}).
 */
export async function launchedInstructor(
  deps: Deps,
  registration: LtiRegistration,
  claims: LaunchClaims,
  grantSectionIds: number[],
): Promise<LaunchedInstructor> {
  const { locationId } = registration;
  let accountId = await knownAccount(deps, registration, claims);
  let created = false;
  if (accountId === null) {
    if (!claims.email) {
      throw new LaunchRefusal(
        'missing-claims',
        'an instructor the store does not know, and no email claim to make an account for (the platform withholds it)',
      );
    }
    const made = await createLaunchedAccount(deps, {
      locationId,
      email: claims.email,
      firstName: claims.firstName,
      lastName: claims.lastName,
      instructorSectionIds: grantSectionIds,
    });
    ({ accountId, created } = made);
  }
  const signsIn = await launchMaySignIn(deps.db, accountId, locationId);
  // An e-mail match to an account the launch may not sign in stays unconfirmed: no link kept.
  if (signsIn) {
    await linkSubject(deps.db, {
      registrationId: registration.id,
      subject: claims.subject,
      accountId,
    });
  }
  const active = await findActiveAccount(deps.db, accountId, locationId);
  const actions = active ? await getPermittedActions(deps.db, accountId, locationId) : [];
  const mayAdopt = actions.some((action) => ADOPT_ACTIONS.includes(action));
  return { accountId, created, mayAdopt, signsIn };
}

/**
 * A learner's launch (issue 33, points 3 and 5): the student the `sub` was linked to, else the
 * store's student of the launch's e-mail (linked then), and the student page's one-time code
 * for them (ADR 0048); null when the store has no such student (the materials stay public).
 */
export async function learnerCode(
  deps: AppDeps,
  website: Website,
  registration: LtiRegistration,
  claims: LaunchClaims,
): Promise<{ studentId: number; code: string } | null> {
  const link = await findSubject(deps.db, registration.id, claims.subject);
  const student = await findStudent(deps.db, registration.locationId, {
    studentId: link?.studentId,
    email: claims.email,
  });
  if (!student) return null;
  await linkSubject(deps.db, {
    registrationId: registration.id,
    subject: claims.subject,
    studentId: student.id,
  });
  const code = await issueStudentSsoCode(deps, website, [student.email]);
  return code ? { studentId: student.id, code } : null;
}
