import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { students, userAccounts, websites } from '../db/schema/index.ts';
import { DEV_IDP_DEMO_STUDENT_IDS, DEV_IDP_ENTITY_ID } from './settings.ts';

/**
 * Points every website that trusts the dev IdP at its actual addresses and certificate.
 * Returns their hosts; none means the dev IdP is not needed.
 */
export async function pointWebsitesAtDevIdp(
  db: Db,
  settings: { ssoUrl: string; sloUrl: string; certificate: string },
): Promise<string[]> {
  const rows = await db
    .update(websites)
    .set({
      samlIdpSsoUrl: settings.ssoUrl,
      samlIdpSloUrl: settings.sloUrl,
      samlIdpCertificate: settings.certificate,
    })
    .where(and(eq(websites.samlIdpEntityId, DEV_IDP_ENTITY_ID), eq(websites.ssoType, 'SAML')))
    .returning({ host: websites.host });
  return rows.map((r) => r.host);
}

export async function countDevIdpWebsites(db: Db): Promise<number> {
  const rows = await db
    .select({ id: websites.id })
    .from(websites)
    .where(and(eq(websites.samlIdpEntityId, DEV_IDP_ENTITY_ID), eq(websites.ssoType, 'SAML')));
  return rows.length;
}

export interface DevIdpUser {
  userName: string;
  name: string;
}

/**
 * Active accounts of the store whose website (found by host) trusts the dev IdP, then its demo
 * students (by student id number) for the student page's single sign-on (ADR 0048), signed in
 * by their e-mail address.
 */
export async function listUsersForHost(db: Db, host: string, limit = 100): Promise<DevIdpUser[]> {
  const [site] = await db
    .select({ locationId: websites.locationId })
    .from(websites)
    .where(and(eq(websites.host, host), eq(websites.samlIdpEntityId, DEV_IDP_ENTITY_ID)))
    .limit(1);
  if (!site) return [];
  const accounts = await db
    .select({ userName: userAccounts.userName, name: userAccounts.name })
    .from(userAccounts)
    .where(and(eq(userAccounts.locationId, site.locationId), eq(userAccounts.active, true)))
    .orderBy(asc(userAccounts.userName))
    .limit(limit);
  const demoStudents = await db
    .select({ email: students.email, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(
      and(
        eq(students.locationId, site.locationId),
        inArray(students.studentIdNum, [...DEV_IDP_DEMO_STUDENT_IDS]),
      ),
    )
    .orderBy(asc(students.studentIdNum));
  return [
    ...accounts,
    ...demoStudents.map((s) => ({
      userName: s.email,
      name: `${s.firstName} ${s.lastName} (demo student)`,
    })),
  ];
}
