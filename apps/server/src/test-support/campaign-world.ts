import { eq } from 'drizzle-orm';
import * as t from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { decodeQuotedPrintable, type CapturedMail } from './smtp-capture.ts';
import { fallSection } from './deadline-world.ts';
import type { TestContext } from './test-app.ts';

/** A mailer through the capturing SMTP server (real SMTP, as a store's would be). */
export function smtpMailer(url: string): Mailer {
  return createMailer({ smtpUrl: url, mailFrom: 'Store <store@test>', dataDir: '/nonexistent' });
}

/** Subject, decoded body and recipients of a captured message. */
export function readMail(mail: CapturedMail): { to: string; subject: string; body: string } {
  const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
  // Quoted-printable decodes to bytes: read them as the UTF-8 they are (the en dash).
  const body = Buffer.from(decodeQuotedPrintable(mail.raw), 'latin1').toString('utf8');
  return { to: mail.to.join(','), subject, body };
}

/** The unsubscribe token a campaign e-mail carries. */
export function unsubscribeTokenOf(body: string): string {
  const token = /campaign-unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error('no unsubscribe link in the e-mail');
  return token;
}

/**
 * The campaign test world on the fixture's Fall 2026 (store A): section 001 taught by Ida
 * Instructor (through her account's address), 002 taught by Paul Other (his own address),
 * 003 taught by Paul and adopted. The department's SUBMITTER grants (admin@, submitter-dept@)
 * make them recipients too.
 */
export async function campaignWorld(
  ctx: TestContext,
): Promise<{ paulId: number; sectionIds: Record<string, number> }> {
  const { locations, catalog } = ctx.fixture;
  await fallSection(ctx, '002', null);
  await fallSection(ctx, '003', '2026-09-01T10:00:00Z');
  const [paul] = await ctx.db
    .insert(t.professors)
    .values({
      locationId: locations.a,
      firstName: 'Paul',
      lastName: 'Other',
      email: ' Paul@Store-A.test ',
    })
    .returning({ id: t.professors.id });
  const sections = await ctx.db
    .select({ id: t.sections.id, code: t.sections.code })
    .from(t.sections)
    .where(eq(t.sections.termId, catalog.termId));
  const sectionIds = Object.fromEntries(sections.map((s) => [s.code, s.id]));
  await ctx.db.insert(t.sectionProfessors).values([
    { sectionId: sectionIds['002']!, professorId: paul!.id },
    { sectionId: sectionIds['003']!, professorId: paul!.id },
  ]);
  return { paulId: paul!.id, sectionIds };
}

/** Gives the fixture's department (BIO) a contact. */
export async function setDepartmentContact(
  db: Db,
  departmentId: number,
  email: string | null,
): Promise<void> {
  await db
    .update(t.departments)
    .set({ contactName: email ? 'Dana Chair' : null, contactEmail: email })
    .where(eq(t.departments.id, departmentId));
}

/** Covers a section with an adoption now (it leaves the campaign's lists). */
export async function adoptSection(ctx: TestContext, sectionId: number): Promise<void> {
  const { catalog, locations } = ctx.fixture;
  const [adoption] = await ctx.db
    .insert(t.adoptionMaterials)
    .values({
      locationId: locations.a,
      courseId: catalog.courseId,
      adoptionType: 'SECTION_ADOPTION',
      startDate: '2026-08-24',
    })
    .returning({ id: t.adoptionMaterials.id });
  await ctx.db
    .insert(t.adoptionMaterialSections)
    .values({ adoptionMaterialId: adoption!.id, sectionId });
}
