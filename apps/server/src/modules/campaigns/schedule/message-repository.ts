import { sql } from 'drizzle-orm';
import type { CampaignMessageOutcome, CampaignStepKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A claimed campaign e-mail, with what its text needs of the step, term and store. */
export interface ClaimedMessage {
  id: number;
  locationId: number;
  campaignId: number;
  kind: CampaignStepKind;
  daysFromDeadline: number;
  email: string;
  recipientName: string;
  unsubscribeToken: string;
  attempts: number;
  termName: string;
  deadline: string | null;
}

/** One section a campaign e-mail still asks about. */
export interface MessageSection {
  sectionId: number;
  divisionId: number;
  departmentCode: string;
  courseCode: string;
  courseName: string;
  sectionCode: string;
  assignedTo: string;
}

/**
 * Claims up to `limit` e-mails still to send, in id order, for this run (`token`): free ones,
 * and ones whose claim is older than `staleMs` (a run that stopped, or a failed send's wait),
 * by the database's clock, so processes with different clocks agree. `skip locked` lets two processes claim side by side without waiting on each other,
 * and never the same e-mail.
 */
export async function claimMessages(
  db: Db,
  token: string,
  staleMs: number,
  limit: number,
): Promise<ClaimedMessage[]> {
  return queryRows<ClaimedMessage>(
    db,
    sql`with claimable as (
          select m.id from adoption_campaign_messages m
          where m.outcome is null
            and (m.claimed_at is null
              or m.claimed_at < now() - make_interval(secs => ${staleMs / 1000}))
          order by m.id limit ${limit}
          for update skip locked
        ),
        claimed as (
          update adoption_campaign_messages m
          set claim_token = ${token}, claimed_at = now()
          from claimable c where m.id = c.id
          returning m.*
        )
        select m.id, m.location_id as "locationId", st.campaign_id as "campaignId", st.kind,
          st.days_from_deadline as "daysFromDeadline", m.email, m.recipient_name as "recipientName",
          m.unsubscribe_token as "unsubscribeToken", m.attempts, t.name as "termName",
          t.adoption_deadline::text as deadline
        from claimed m
        join adoption_campaign_steps st on st.id = m.step_id
        join adoption_campaigns c on c.id = st.campaign_id
        join terms t on t.id = c.term_id
        order by m.id`,
  );
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Renews a batch's claims that are still this run's and unsent, answering their ids (the others:
 * another run took them over, or they were settled meanwhile: do not send them). One statement
 * per batch, and again only when a batch runs long (send-job.ts).
 */
export async function renewClaims(
  db: Db,
  ids: readonly number[],
  token: string,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update adoption_campaign_messages set claimed_at = now()
        where id in (${idList(ids)}) and claim_token = ${token} and outcome is null
        returning id`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Of a batch's e-mails, those whose person the campaign leaves out (by the store, or unsubscribed). */
export async function excludedMessages(
  db: Db,
  messageIds: readonly number[],
): Promise<Set<number>> {
  if (messageIds.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.id from adoption_campaign_messages m
        join adoption_campaign_steps st on st.id = m.step_id
        join adoption_campaign_exclusions x on x.campaign_id = st.campaign_id and x.email = m.email
        where m.id in (${idList(messageIds)})`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * A batch's e-mails' sections that still have no adoption, by e-mail, each by course and section
 * code: read once per batch, just before its sends.
 */
export async function sectionsStillUnadopted(
  db: Db,
  messageIds: readonly number[],
): Promise<Map<number, MessageSection[]>> {
  const bySection = new Map<number, MessageSection[]>();
  if (messageIds.length === 0) return bySection;
  const rows = await queryRows<MessageSection & { messageId: number }>(
    db,
    sql`select ms.message_id as "messageId", s.id as "sectionId", c.division_id as "divisionId",
          d.code as "departmentCode", c.code as "courseCode", c.name as "courseName",
          s.code as "sectionCode", ms.assigned_to as "assignedTo"
        from adoption_campaign_message_sections ms
        join sections s on s.id = ms.section_id
        join courses c on c.id = s.course_id
        join departments d on d.id = c.department_id
        where ms.message_id in (${idList(messageIds)}) and s.first_adopted_at is null
        order by ms.message_id, d.code, c.code, s.code, s.id`,
  );
  for (const { messageId, ...section } of rows) {
    const list = bySection.get(messageId) ?? [];
    list.push(section);
    bySection.set(messageId, list);
  }
  return bySection;
}

/**
 * Settles an e-mail, in one statement: sent (with the sections it listed: the others are
 * dropped from its history, it did not name them) or not sent for good (`outcome`).
 */
export async function settleMessage(
  db: Db,
  id: number,
  outcome: CampaignMessageOutcome,
  at: Date,
  listedSectionIds: readonly number[],
): Promise<void> {
  const unlisted =
    listedSectionIds.length === 0
      ? sql`false`
      : sql`section_id not in (${idList(listedSectionIds)})`;
  await db.execute(
    sql`with settled as (
          update adoption_campaign_messages
          set outcome = ${outcome}, claim_token = null,
            sent_at = ${outcome === 'SENT' ? at.toISOString() : null}::timestamptz
          where id = ${id} returning id
        )
        delete from adoption_campaign_message_sections
        where message_id in (select id from settled) and ${unlisted}`,
  );
}

/**
 * A send that failed: counts the attempt and keeps the claim's time without its owner, so the
 * e-mail waits out the stale-claim time before the next run retries it; after `maxAttempts`
 * it is given up.
 */
export async function failMessage(
  db: Db,
  id: number,
  error: string,
  maxAttempts: number,
): Promise<void> {
  await db.execute(
    sql`update adoption_campaign_messages
        set attempts = attempts + 1, claim_token = null, last_error = ${error.slice(0, 500)},
          outcome = case when attempts + 1 >= ${maxAttempts} then 'GAVE_UP' end
        where id = ${id}`,
  );
}

/** Gives up e-mails of steps whose day is more than `graceDays` behind `today`. */
export async function giveUpStaleMessages(db: Db, today: string, graceDays: number): Promise<void> {
  await db.execute(
    sql`update adoption_campaign_messages m set outcome = 'GAVE_UP', claim_token = null
        from adoption_campaign_steps st
        where st.id = m.step_id and m.outcome is null
          and st.planned_for_day::date < ${today}::date - ${graceDays}::int`,
  );
}

/** Frees what a run claimed and did not get to (it was stopped, or the mail server is down). */
export async function releaseClaims(db: Db, token: string): Promise<void> {
  await db.execute(
    sql`update adoption_campaign_messages set claim_token = null, claimed_at = null
        where claim_token = ${token} and outcome is null`,
  );
}
