import { sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_STEP_GRACE_DAYS,
  DEFAULT_CAMPAIGN_STEPS,
  shortTermName,
  type CampaignStep,
  type CampaignStepInput,
  type CampaignStepKind,
  type TermCampaign,
} from '@csp/contracts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/bulk-write.ts';

/** A term of the store the caller runs campaigns for, with its campaign if it has one. */
export interface CampaignTerm {
  termId: number;
  termName: string;
  divisionName: string;
  deadline: string | null;
  campaignId: number | null;
}

/** The term when it is the store's and `divisionInReach` (over `dv.id`) allows it. */
export async function findCampaignTerm(
  db: Db,
  locationId: number,
  termId: number,
  divisionInReach: SQL,
): Promise<CampaignTerm | null> {
  const [row] = await queryRows<CampaignTerm>(
    db,
    sql`select t.id as "termId", t.name as "termName", dv.name as "divisionName",
          t.adoption_deadline::text as deadline, c.id as "campaignId"
        from terms t join divisions dv on dv.id = t.division_id
        left join adoption_campaigns c on c.term_id = t.id
        where t.location_id = ${locationId} and t.id = ${termId} and ${divisionInReach}`,
  );
  return row ? { ...row, termName: shortTermName(row.termName) } : null;
}

interface StepRow {
  kind: CampaignStepKind;
  days: number;
  day: string;
  planned: boolean;
  recipients: number;
  sent: number;
  to_send: number;
}

/** A step's state from its day and what it sent (only a planned step has e-mails). */
function stepState(row: StepRow, today: string, graceFrom: string): CampaignStep['state'] {
  if (row.planned) return row.to_send > 0 ? 'SENDING' : 'SENT';
  if (row.day < graceFrom) return 'SKIPPED';
  return row.day <= today ? 'SENDING' : 'SCHEDULED';
}

function dayPlus(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The campaign as the screen shows it: the defaults (unscheduled) when there is none. */
export async function readTermCampaign(
  db: Db,
  term: CampaignTerm,
  today: string,
): Promise<TermCampaign> {
  const graceFrom = dayPlus(today, -CAMPAIGN_STEP_GRACE_DAYS);
  const base = {
    termId: term.termId,
    termName: term.termName,
    divisionName: term.divisionName,
    deadline: term.deadline,
  };
  const defaults = (): CampaignStep[] =>
    DEFAULT_CAMPAIGN_STEPS.map((s) => {
      const day = term.deadline ? dayPlus(term.deadline, s.daysFromDeadline) : '';
      return { ...s, day, state: 'SCHEDULED', recipients: 0, sent: 0, toSend: 0, notSent: 0 };
    });
  if (term.campaignId === null) {
    return { ...base, scheduled: false, steps: defaults(), exclusions: [], emailsSent: 0 };
  }
  const rows = await queryRows<StepRow>(
    db,
    sql`select st.kind, st.days_from_deadline as days,
          coalesce(st.planned_for_day, (t.adoption_deadline + st.days_from_deadline)::text, '') as day,
          st.planned_at is not null as planned,
          count(m.id)::int as recipients,
          (count(m.id) filter (where m.outcome = 'SENT'))::int as sent,
          (count(m.id) filter (where m.outcome is null))::int as to_send
        from adoption_campaign_steps st
        join adoption_campaigns c on c.id = st.campaign_id
        join terms t on t.id = c.term_id
        left join adoption_campaign_messages m on m.step_id = st.id
        where st.campaign_id = ${term.campaignId}
        group by st.id, t.adoption_deadline
        order by st.days_from_deadline, st.kind`,
  );
  const steps = rows.map((r): CampaignStep => ({
    kind: r.kind,
    daysFromDeadline: Number(r.days),
    day: r.day,
    state: stepState(r, today, graceFrom),
    recipients: r.recipients,
    sent: r.sent,
    toSend: r.to_send,
    notSent: r.recipients - r.sent - r.to_send,
  }));
  const exclusions = await queryRows<TermCampaign['exclusions'][number]>(
    db,
    sql`select email, reason, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
        from adoption_campaign_exclusions where campaign_id = ${term.campaignId}
        order by email`,
  );
  const emailsSent = steps.reduce((total, s) => total + s.sent, 0);
  // A campaign row without steps: people were left out before anything was scheduled.
  if (steps.length === 0)
    return { ...base, scheduled: false, steps: defaults(), exclusions, emailsSent };
  return { ...base, scheduled: true, steps, exclusions, emailsSent };
}

/** The term's campaign, made (without steps) when it has none yet: its id. */
export async function ensureCampaign(
  db: Db,
  locationId: number,
  termId: number,
  accountId: number,
): Promise<number> {
  const [campaign] = await queryRows<{ id: number }>(
    db,
    sql`insert into adoption_campaigns (location_id, term_id, created_by)
        values (${locationId}, ${termId}, ${accountId})
        on conflict (term_id) do update set updated_at = now()
        returning id`,
  );
  return campaign!.id;
}

/**
 * Makes the term's campaign (once: the unique term index), keeps its steps already planned,
 * replaces the others by `steps`. One transaction: a double submit ends with the same steps.
 */
export async function saveCampaignSteps(
  db: Db,
  locationId: number,
  termId: number,
  accountId: number,
  steps: readonly CampaignStepInput[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const campaignId = await ensureCampaign(tx, locationId, termId, accountId);
    await tx.execute(
      sql`delete from adoption_campaign_steps
          where campaign_id = ${campaignId} and planned_at is null`,
    );
    if (steps.length > 0) {
      const values = sql.join(
        steps.map(
          (s) => sql`(${locationId}, ${campaignId}, ${s.kind}, ${s.daysFromDeadline}::smallint)`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`insert into adoption_campaign_steps (location_id, campaign_id, kind, days_from_deadline)
            values ${values}
            on conflict (campaign_id, kind, days_from_deadline) do nothing`,
      );
    }
    return campaignId;
  });
}

/**
 * Leaves an address out of the campaign (by the store), or takes it back in. Someone who
 * unsubscribed stays out: only their own link speaks for them (false: refused for that).
 */
export async function setExclusion(
  db: Db,
  campaignId: number,
  email: string,
  excluded: boolean,
  actorAccountId: number,
): Promise<boolean> {
  if (excluded) {
    await db.execute(
      sql`insert into adoption_campaign_exclusions (campaign_id, email, reason, actor_account_id)
          values (${campaignId}, ${email}, 'STORE', ${actorAccountId})
          on conflict (campaign_id, email) do nothing`,
    );
    return true;
  }
  const kept = await queryRows<{ reason: string }>(
    db,
    sql`with taken_back as (
          delete from adoption_campaign_exclusions
          where campaign_id = ${campaignId} and email = ${email} and reason = 'STORE'
        )
        select reason from adoption_campaign_exclusions
        where campaign_id = ${campaignId} and email = ${email} and reason = 'UNSUBSCRIBED'`,
  );
  return kept.length === 0;
}
