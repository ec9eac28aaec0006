import { sql } from 'drizzle-orm';
import type { CampaignStepKind } from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';
import { digestPeopleCtes, reminderPeopleCtes } from './recipients-sql.ts';

/** A step whose day has come and whose recipients nobody has worked out yet. */
export interface DueStep {
  stepId: number;
  campaignId: number;
  locationId: number;
  termId: number;
  kind: CampaignStepKind;
  day: string;
}

/**
 * Every store's steps due on `today`: the term's deadline plus the step's days is today or up
 * to `graceDays` before (a server down for a while still sends; older steps are skipped), and
 * the step is not planned yet.
 */
export async function findDueSteps(db: Db, today: string, graceDays: number): Promise<DueStep[]> {
  return queryRows<DueStep>(
    db,
    sql`select st.id as "stepId", st.campaign_id as "campaignId", st.location_id as "locationId",
          c.term_id as "termId", st.kind,
          (t.adoption_deadline + st.days_from_deadline)::text as day
        from adoption_campaign_steps st
        join adoption_campaigns c on c.id = st.campaign_id
        join terms t on t.id = c.term_id
        where st.planned_at is null and t.adoption_deadline is not null
          and t.adoption_deadline + st.days_from_deadline
              between ${today}::date - ${graceDays}::int and ${today}::date
        order by day, st.id`,
  );
}

/**
 * Works out a due step's e-mails: one per person (by address, people the campaign leaves out
 * excepted) with the sections it will ask about. The step row is the claim: of several
 * processes planning it at once, the first marks it planned and the others, waiting on its row
 * lock, find it planned and plan nothing. Set-based, so a store of 40,000 sections plans in
 * one statement. Answers how many e-mails it made (null: another process planned it).
 */
export async function planStep(db: Db, step: DueStep): Promise<number | null> {
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`update adoption_campaign_steps set planned_at = now(), planned_for_day = ${step.day}
          where id = ${step.stepId} and planned_at is null returning id`,
    );
    if (claimed.length === 0) return null;
    const people =
      step.kind === 'DIGEST'
        ? digestPeopleCtes(step.termId)
        : reminderPeopleCtes(step.locationId, step.termId);
    const assignedTo = step.kind === 'DIGEST' ? sql`p.assigned_to` : sql`''`;
    const [made] = await queryRows<{ messages: number }>(
      tx,
      sql`with ${people},
        recipients as (
          select p.email, min(p.name) as name from people p
          where not exists (select 1 from adoption_campaign_exclusions x
                            where x.campaign_id = ${step.campaignId} and x.email = p.email)
          group by p.email
        ),
        made as (
          insert into adoption_campaign_messages
            (location_id, step_id, email, recipient_name, unsubscribe_token)
          select ${step.locationId}, ${step.stepId}, r.email, r.name,
            replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
          from recipients r order by r.email
          on conflict (step_id, email) do nothing
          returning id, email
        ),
        linked as (
          insert into adoption_campaign_message_sections (message_id, section_id, assigned_to)
          select distinct on (m.id, p.section_id) m.id, p.section_id, ${assignedTo}
          from made m join people p on p.email = m.email
          order by m.id, p.section_id
          on conflict do nothing
          returning 1
        )
        select (select count(*) from made)::int as messages, (select count(*) from linked)::int`,
    );
    return made?.messages ?? 0;
  });
}
