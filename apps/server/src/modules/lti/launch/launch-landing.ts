import {
  LTI_INSTRUCTOR_PAGE,
  LTI_MY_COURSES_QUERY,
  LTI_PAGES,
  LTI_PICK_MINUTES,
  type LtiNoAccessReason,
} from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Website } from '../../../lib/request-context.ts';
import { issueTicket } from '../../saml/index.ts';
import { startDeepLink } from '../landing/deep-link.ts';
import { newOneTimeCode } from '../one-time-code.ts';
import type { LtiRegistration } from '../registrations/registration-repository.ts';
import type { LaunchClaims } from './launch-claims.ts';
import { LaunchRefusal, type LaunchTrace } from './launch-refusal.ts';
import { insertLaunchLog, type LaunchLogRow } from './launch-repository.ts';
import { launchedInstructor, learnerCode } from './launch-user.ts';

/** The section a launch maps to, and the sections an unknown instructor may be given. */
export interface MappedSection {
  sectionId: number;
  sectionIds: number[];
}

/** What a landing needs: the launch as read, and where its log row is written. */
export interface Landing {
  deps: AppDeps;
  website: Website;
  registration: LtiRegistration;
  claims: LaunchClaims;
  section: MappedSection | null;
  trace: LaunchTrace;
}

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

/** The launch's row in the store's log: what it did (`detail`), and who and which course. */
async function logLaunch(landing: Landing, detail: string, extra: Partial<LaunchLogRow> = {}) {
  const { deps, registration, claims, trace } = landing;
  await insertLaunchLog(deps.db, {
    locationId: registration.locationId,
    registrationId: registration.id,
    at: deps.now(),
    outcome: 'LAUNCHED',
    detail,
    messageType: claims.messageType,
    role: claims.role,
    subject: claims.subject,
    accountId: trace.accountId ?? null,
    sectionId: landing.section?.sectionId ?? null,
    contextId: claims.context?.id ?? null,
    contextLabel: claims.context?.label ?? null,
    ...extra,
  });
}

/**
 * An instructor lands on My courses, signed in by a one-time ticket: on the launched section,
 * or with a pick code when the course did not map (the picker ties it). An instructor who may
 * not adopt is told whom to ask instead: a new account, or an existing one without the right.
 */
async function instructorLanding(landing: Landing): Promise<string> {
  const { deps, registration, claims, section, trace } = landing;
  const grant = registration.grantInstructors && section ? section.sectionIds : [];
  const instructor = await launchedInstructor(deps, registration, claims, grant);
  trace.accountId = instructor.accountId;
  const made = instructor.created ? 'a new account' : 'the account';
  if (!instructor.mayAdopt) {
    const reason: LtiNoAccessReason = instructor.created ? 'new-account' : 'no-permission';
    await logLaunch(
      landing,
      `${made} (${claims.email ?? claims.subject}) may not adopt: told whom to ask`,
    );
    return withQuery(LTI_PAGES.noAccess, { reason });
  }
  // An account with roles beyond INSTRUCTOR gets no ticket: the page asks it to sign in.
  const signIn: Record<string, string> = instructor.signsIn
    ? {
        ticket: await issueTicket(deps, instructor.accountId, registration.locationId),
        userAccountId: String(instructor.accountId),
      }
    : {};
  const granted = instructor.created ? `, INSTRUCTOR on ${grant.length} section(s)` : '';
  const signedIn = instructor.signsIn
    ? 'signed in'
    : 'sent to sign in with its password (it holds roles beyond INSTRUCTOR)';
  if (section) {
    await logLaunch(landing, `${made}${granted} ${signedIn} to the launched section`);
    return withQuery(LTI_INSTRUCTOR_PAGE, {
      [LTI_MY_COURSES_QUERY.section]: String(section.sectionId),
      ...signIn,
    });
  }
  if (!claims.context) {
    await logLaunch(landing, `${made} ${signedIn}; the launch named no course`);
    return withQuery(LTI_INSTRUCTOR_PAGE, signIn);
  }
  const pick = newOneTimeCode();
  await logLaunch(landing, `${made} ${signedIn}; the course did not map, the instructor picks it`, {
    pickCodeHash: pick.codeHash,
    pickExpiresAt: new Date(deps.now().getTime() + LTI_PICK_MINUTES * 60_000),
  });
  return withQuery(LTI_INSTRUCTOR_PAGE, { [LTI_MY_COURSES_QUERY.pick]: pick.code, ...signIn });
}

/**
 * A learner lands on the section's materials, with the student page's one-time code when the
 * store knows them as a student; on the "course not found" page when the course did not map.
 */
async function learnerLanding(landing: Landing): Promise<string> {
  const { deps, website, registration, claims, section } = landing;
  if (!section) {
    await logLaunch(landing, 'the course did not map: the learner was told');
    return LTI_PAGES.courseNotFound;
  }
  const student = await learnerCode(deps, website, registration, claims);
  const page = `${LTI_PAGES.courseMaterials}/${section.sectionId}`;
  if (!student) {
    await logLaunch(landing, 'no student of the store has the e-mail: public materials shown');
    return page;
  }
  await logLaunch(landing, `student ${student.studentId} signed in to the section's materials`);
  return withQuery(page, { token: student.code });
}

/** A deep-linking request: the instructor confirms the link the portal places (the landing's page). */
async function deepLinkLanding(landing: Landing): Promise<string> {
  const { deps, registration, claims, section } = landing;
  if (claims.role !== 'INSTRUCTOR' || !claims.deepLink) {
    throw new LaunchRefusal('no-role', 'deep linking is for an instructor of the course');
  }
  const location = await startDeepLink(deps, {
    registration,
    deploymentId: claims.deploymentId,
    returnUrl: claims.deepLink.returnUrl,
    data: claims.deepLink.data,
    sectionId: section?.sectionId ?? null,
  });
  await logLaunch(landing, 'deep linking: the instructor confirms the link');
  return location;
}

/** Where a validated launch lands (issue 33, point 5), logged for the store. */
export function land(landing: Landing): Promise<string> {
  if (landing.claims.messageType === 'LtiDeepLinkingRequest') return deepLinkLanding(landing);
  return landing.claims.role === 'LEARNER' ? learnerLanding(landing) : instructorLanding(landing);
}
