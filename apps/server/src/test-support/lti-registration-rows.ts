import { LTI_DEFAULT_COURSE_PATTERN } from '@csp/contracts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/**
 * Learning platform registrations of a store for the authorization matrix and the fuzz (the
 * registrations' own tests save theirs through the API): `count` of them, one platform with
 * client ids `world-1`, `world-2`... Their ids, in order.
 */
export async function insertLtiRegistrations(
  db: Db,
  locationId: number,
  count: number,
): Promise<number[]> {
  const rows = await db
    .insert(t.ltiRegistrations)
    .values(
      Array.from({ length: count }, (_, i) => ({
        locationId,
        name: `Platform ${i + 1}`,
        issuer: 'https://lms.example.edu',
        clientId: `world-${i + 1}`,
        deploymentIds: ['1'],
        keySetUrl: 'https://lms.example.edu/jwks',
        authorizationEndpoint: 'https://lms.example.edu/auth',
        coursePattern: LTI_DEFAULT_COURSE_PATTERN,
      })),
    )
    .returning({ id: t.ltiRegistrations.id });
  return rows.map((r) => r.id);
}
