import { ADOPTION_TYPE, type AdoptionType } from '@csp/contracts';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/bulk-write.ts';
import type { Db } from '../../../db/client.ts';

/** An adoption on a section of the course that starts after today, with that section. */
export interface FutureAdoptionLine {
  adoptionMaterialId: number;
  adoptionType: AdoptionType;
  createdBy: number | null;
  ean13: string | null;
  title: string | null;
  author: string | null;
  edition: string | null;
  publisher: string | null;
  required: boolean;
  noTextRequired: boolean;
  sectionCode: string;
  startDate: string;
}

/** The course's active adoptions on its sections that start after `today`, by adoption. */
export function listFutureAdoptions(db: Db, courseId: number, today: string) {
  return queryRows<FutureAdoptionLine>(
    db,
    sql`select am.id as "adoptionMaterialId", am.adoption_type as "adoptionType",
        am.created_by as "createdBy", ti.ean13,
        coalesce(ti.description, pt.description) as title,
        coalesce(ti.author, pt.author) as author, coalesce(ti.edition, pt.edition) as edition,
        coalesce(ti.publisher, pt.publisher) as publisher, am.required,
        am.no_text_required as "noTextRequired", s.code as "sectionCode",
        s.start_date::text as "startDate"
      from adoption_materials am
        join sections s on s.course_id = am.course_id and s.start_date > ${today}
        left join titles ti on ti.id = am.title_id
        left join proposed_titles pt on pt.id = am.proposed_title_id
      where am.course_id = ${courseId} and am.active
        and (am.adoption_type = ${ADOPTION_TYPE.AUTO} or exists (
          select 1 from adoption_material_sections ams
          where ams.adoption_material_id = am.id and ams.section_id = s.id and not ams.removed))
      order by am.id, s.start_date, s.code`,
  );
}

/**
 * Who hears about the course's future adoptions: the instructors of its sections that start
 * after `today` (their professor e-mail) and the active accounts that submitted the adoptions.
 */
export async function futureAdoptionRecipients(
  db: Db,
  courseId: number,
  today: string,
  submitterIds: number[],
): Promise<string[]> {
  const found = await queryRows<{ email: string }>(
    db,
    sql`select distinct lower(p.email) as email
        from sections s
          join section_professors sp on sp.section_id = s.id
          join professors p on p.id = sp.professor_id
        where s.course_id = ${courseId} and s.start_date > ${today}
          and coalesce(trim(p.email), '') <> ''
      ${
        submitterIds.length > 0
          ? sql`union select distinct lower(ua.email) from user_accounts ua
              where ua.id in ${submitterIds} and ua.active and coalesce(trim(ua.email), '') <> ''`
          : sql``
      }
      order by email`,
  );
  // An address a mail server would refuse outright (a typo in imported data) is left out.
  return found.map((r) => r.email).filter((email) => z.email().safeParse(email).success);
}

/**
 * Records a sending unless this sender sent the same notice for the course since `since`; the
 * course's row is locked first, so two simultaneous requests cannot both send.
 */
export async function recordNotice(
  db: Db,
  notice: {
    locationId: number;
    courseId: number;
    senderAccountId: number;
    kind: string;
    recipients: string[];
    adoptionCount: number;
  },
  at: Date,
  since: Date,
): Promise<{ id: number; recipients: string[]; adoptionCount: number; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx.execute(sql`select id from courses where id = ${notice.courseId} for update`);
    const [earlier] = await queryRows<{ id: number; recipients: string[]; adoption_count: number }>(
      txDb,
      sql`select id, recipients, adoption_count from course_notices
        where course_id = ${notice.courseId} and kind = ${notice.kind}
          and sender_account_id = ${notice.senderAccountId} and sent_at >= ${since.toISOString()}
        order by sent_at desc limit 1`,
    );
    if (earlier)
      return {
        id: earlier.id,
        recipients: earlier.recipients,
        adoptionCount: earlier.adoption_count,
        isNew: false,
      };
    const [inserted] = await queryRows<{ id: number }>(
      txDb,
      sql`insert into course_notices
          (location_id, course_id, sender_account_id, kind, recipients, adoption_count, sent_at)
        values (${notice.locationId}, ${notice.courseId}, ${notice.senderAccountId},
          ${notice.kind}, ${JSON.stringify(notice.recipients)}::jsonb, ${notice.adoptionCount},
          ${at.toISOString()})
        returning id`,
    );
    return { id: inserted!.id, ...notice, isNew: true };
  });
}

/** What a sending reached: its recipients become those mailed; none mailed forgets it. */
export async function settleNotice(db: Db, id: number, delivered: string[]): Promise<void> {
  if (delivered.length === 0) {
    await db.execute(sql`delete from course_notices where id = ${id}`);
    return;
  }
  await db.execute(
    sql`update course_notices set recipients = ${JSON.stringify(delivered)}::jsonb where id = ${id}`,
  );
}
