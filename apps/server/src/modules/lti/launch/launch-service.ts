import { decodeJwt } from 'jose';
import type { LtiLaunchForm } from '@csp/contracts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import type { Website } from '../../../lib/request-context.ts';
import { hashOneTimeCode } from '../one-time-code.ts';
import { findLaunchedSection } from '../registrations/course-pattern.ts';
import {
  findRegistration,
  findStoreRegistration,
  type LtiRegistration,
} from '../registrations/registration-repository.ts';
import { verifyIdToken } from './id-token.ts';
import { readLaunchClaims, type LaunchClaims } from './launch-claims.ts';
import { land, type MappedSection } from './launch-landing.ts';
import { LaunchRefusal, refusingStep, type LaunchTrace } from './launch-refusal.ts';
import { findContextLink, takeLoginState } from './launch-repository.ts';

/**
 * The registration an id_token claims to come from, read without verifying it: only to name
 * the platform in the log of a launch refused before its state was found.
 */
async function claimedRegistration(db: Db, locationId: number, idToken: string) {
  try {
    const { iss, aud } = decodeJwt(idToken);
    const clientId = Array.isArray(aud) ? aud[0] : aud;
    return iss ? await findRegistration(db, locationId, iss, clientId) : null;
  } catch {
    return null;
  }
}

/**
 * Which section the launch is for (issue 33, point 4): the one an instructor tied the platform
 * course to, else the registration's course pattern over the LIS sourcedids, then the label.
 */
async function launchedSection(
  db: Db,
  registration: LtiRegistration,
  claims: LaunchClaims,
): Promise<MappedSection | null> {
  if (claims.context) {
    const linked = await findContextLink(db, registration.id, claims.context.id);
    if (linked !== null) return { sectionId: linked, sectionIds: [linked] };
  }
  const found = await findLaunchedSection(db, registration, {
    sourcedIds: claims.sourcedIds,
    contextLabel: claims.context?.label ?? null,
  });
  return found ? { sectionId: found.sectionId, sectionIds: found.sectionIds } : null;
}

/**
 * The launch: the login's state taken (single use), the id_token verified against the
 * registration that state was made for, the LTI claims read, then who and which course, and
 * where the browser lands.
 */
async function validatedLaunch(
  deps: AppDeps,
  website: Website,
  form: LtiLaunchForm,
  trace: LaunchTrace,
): Promise<string> {
  const { db } = deps;
  const { locationId } = website;
  const state = form.state
    ? await takeLoginState(db, locationId, hashOneTimeCode(form.state))
    : null;
  if (state) trace.registrationId = state.registrationId;
  if (form.error) {
    const description = form.error_description ? `: ${form.error_description}` : '';
    throw new LaunchRefusal(
      'bad-request',
      `the platform answered the login with ${form.error}${description}`,
    );
  }
  if (!form.id_token || !form.state) {
    throw new LaunchRefusal(
      'bad-request',
      `launch without ${!form.id_token ? 'id_token' : 'state'}`,
    );
  }
  if (!state) {
    trace.registrationId = (await claimedRegistration(db, locationId, form.id_token))?.id;
    throw new LaunchRefusal(
      'state-mismatch',
      'no login of this store issued the state, or it was used',
    );
  }
  const now = deps.now();
  if (state.expiresAt <= now) throw new LaunchRefusal('state-mismatch', 'the login state expired');
  const registration = await findStoreRegistration(db, locationId, state.registrationId);
  if (!registration) throw new LaunchRefusal('unknown-platform', 'the registration was deleted');
  const payload = await verifyIdToken(registration, form.id_token, now);
  const claims = readLaunchClaims(
    payload,
    {
      nonceHash: state.nonce,
      deploymentIds: registration.deploymentIds,
      targetLinkUri: state.targetLinkUri,
      config: deps.config,
    },
    trace,
  );
  const section = await launchedSection(db, registration, claims);
  trace.sectionId = section?.sectionId;
  return land({ deps, website, registration, claims, section, trace });
}

/** Where the launch's browser goes: its landing, or the refusal page (logged for the store). */
export function launchLocation(
  deps: AppDeps,
  website: Website | null,
  form: LtiLaunchForm,
): Promise<string> {
  return refusingStep(deps, website, (site, trace) => validatedLaunch(deps, site, form, trace));
}
