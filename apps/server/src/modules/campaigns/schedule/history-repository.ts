import { sql, type SQL } from 'drizzle-orm';
import { shortTermName } from '@csp/contracts';
import type { z } from 'zod';
import type {
  campaignRecipient,
  campaignUnsubscribeAnswer,
  sectionCampaignEmail,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import type { CampaignTerm } from './campaign-repository.ts';
import { reminderPeopleCtes } from './recipients-sql.ts';

type Recipient = z.infer<typeof campaignRecipient>;
type SectionEmail = z.infer<typeof sectionCampaignEmail>;
type UnsubscribeAnswer = z.infer<typeof campaignUnsubscribeAnswer>;

const PREVIEW_LIMIT = 200;

/** Who a reminder would ask now, by name then address, at most 200, and how many in all. */
export async function previewRecipients(
  db: Db,
  locationId: number,
  term: CampaignTerm,
  search: string,
): Promise<{ people: Recipient[]; total: number }> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const excluded =
    term.campaignId === null
      ? sql`false`
      : sql`exists (select 1 from adoption_campaign_exclusions x
                    where x.campaign_id = ${term.campaignId} and x.email = r.email)`;
  const rows = await queryRows<Recipient & { total: number }>(
    db,
    sql`with ${reminderPeopleCtes(locationId, term.termId)},
      recipients as (
        select p.email, min(p.name) as name, count(distinct p.section_id)::int as sections
        from people p group by p.email
      )
      select r.email, r.name, r.sections, ${excluded} as excluded, count(*) over ()::int as total
      from recipients r
      where ${search === '' ? sql`true` : sql`(lower(r.name) like ${pattern} or r.email like ${pattern})`}
      order by lower(r.name), r.email
      limit ${PREVIEW_LIMIT}`,
  );
  return {
    people: rows.map(({ total: _total, ...person }) => person),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The campaign e-mails that named a section of the store within `scope` (over `s` and `c`),
 * newest first; null when there is no such section.
 */
export async function listSectionCampaignEmails(
  db: Db,
  locationId: number,
  sectionId: number,
  scope: SQL,
): Promise<SectionEmail[] | null> {
  const found = await queryRows<{ id: number }>(
    db,
    sql`select s.id from sections s join courses c on c.id = s.course_id
        where s.id = ${sectionId} and s.location_id = ${locationId} and ${scope}`,
  );
  if (found.length === 0) return null;
  return queryRows<SectionEmail>(
    db,
    sql`select st.kind, st.days_from_deadline as "daysFromDeadline", m.email,
          m.recipient_name as "recipientName",
          to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "sentAt",
          m.outcome
        from adoption_campaign_message_sections ms
        join adoption_campaign_messages m on m.id = ms.message_id
        join adoption_campaign_steps st on st.id = m.step_id
        where ms.section_id = ${sectionId}
        order by m.sent_at desc nulls first, st.planned_for_day desc, m.id desc`,
  );
}

/** The link's e-mail, when it is one of this store's (another store's link: not found). */
async function unsubscribeTarget(
  db: Db,
  locationId: number,
  token: string,
): Promise<{ campaignId: number; email: string; storeName: string; termName: string } | null> {
  const [row] = await queryRows<{
    campaignId: number;
    email: string;
    storeName: string;
    termName: string;
  }>(
    db,
    sql`select c.id as "campaignId", m.email, l.name as "storeName", t.name as "termName"
        from adoption_campaign_messages m
        join adoption_campaign_steps st on st.id = m.step_id
        join adoption_campaigns c on c.id = st.campaign_id
        join terms t on t.id = c.term_id
        join locations l on l.id = m.location_id
        where m.unsubscribe_token = ${token} and m.location_id = ${locationId}`,
  );
  return row ?? null;
}

/**
 * What an unsubscribe link stops and whether it has; with `unsubscribe`, leaves the person out
 * of the rest of the campaign first (again: nothing changes). Null: not a link of this store.
 */
export async function unsubscribeByToken(
  db: Db,
  locationId: number,
  token: string,
  unsubscribe: boolean,
): Promise<UnsubscribeAnswer | null> {
  const target = await unsubscribeTarget(db, locationId, token);
  if (!target) return null;
  if (unsubscribe) {
    await db.execute(
      sql`insert into adoption_campaign_exclusions (campaign_id, email, reason)
          values (${target.campaignId}, ${target.email}, 'UNSUBSCRIBED')
          on conflict (campaign_id, email) do nothing`,
    );
  }
  const excluded = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from adoption_campaign_exclusions
        where campaign_id = ${target.campaignId} and email = ${target.email}`,
  );
  return {
    storeName: target.storeName,
    termName: shortTermName(target.termName),
    email: target.email,
    unsubscribed: excluded.length > 0,
  };
}
