import { LTI_DEFAULT_COURSE_PATTERN } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { newOneTimeCode } from '../modules/lti/one-time-code.ts';

/** The platform the landing tests register (a made-up one: nothing is fetched from it). */
export const LANDING_PLATFORM = {
  issuer: 'https://lms.example.edu',
  clientId: 'portal-client-1',
  deploymentId: 'deployment-1',
  returnUrl: 'https://lms.example.edu/courses/77/deep_links',
  frameOrigin: 'https://canvas-frames.example.edu',
} as const;

/** A registration of the landing tests' platform in a store. */
export async function insertLandingRegistration(db: Db, locationId: number) {
  const [row] = await db
    .insert(t.ltiRegistrations)
    .values({
      locationId,
      name: 'Canvas',
      issuer: LANDING_PLATFORM.issuer,
      clientId: LANDING_PLATFORM.clientId,
      deploymentIds: [LANDING_PLATFORM.deploymentId],
      keySetUrl: `${LANDING_PLATFORM.issuer}/api/lti/security/jwks`,
      authorizationEndpoint: `${LANDING_PLATFORM.issuer}/api/lti/authorize_redirect`,
      frameOrigins: [LANDING_PLATFORM.frameOrigin],
      coursePattern: LTI_DEFAULT_COURSE_PATTERN,
    })
    .returning();
  if (!row) throw new Error('LTI registration not created');
  return row;
}

/**
 * An instructor's launch whose course did not map, as the launch writes it: the log row with a
 * one-time pick code (hashed) for the course picker. Answers the code.
 */
export async function insertPickLaunch(
  db: Db,
  launch: {
    locationId: number;
    registrationId: number;
    accountId: number;
    contextId: string;
    expiresAt: Date;
  },
): Promise<{ code: string; launchId: number }> {
  const { code, codeHash } = newOneTimeCode();
  const [row] = await db
    .insert(t.ltiLaunches)
    .values({
      locationId: launch.locationId,
      registrationId: launch.registrationId,
      outcome: 'LAUNCHED',
      messageType: 'LtiResourceLinkRequest',
      role: 'INSTRUCTOR',
      accountId: launch.accountId,
      contextId: launch.contextId,
      contextLabel: 'Biology course site',
      pickCodeHash: codeHash,
      pickExpiresAt: launch.expiresAt,
    })
    .returning({ id: t.ltiLaunches.id });
  if (!row) throw new Error('LTI launch not created');
  return { code, launchId: row.id };
}
