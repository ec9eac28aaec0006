import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defaultsToNow, instant, reference } from './columns.ts';
import { accountLink, creationStamp, requiredAccount, tenantKey } from './tenant-columns.ts';
import { sections, terms } from './catalog.ts';

/**
 * A term's adoption campaign (issue 30, point 2; ADR 0044): the reminder and digest e-mails the
 * store scheduled around the term's adoption deadline. One per term.
 */
export const adoptionCampaigns = pgTable(
  'adoption_campaigns',
  {
    ...tenantKey(),
    termId: reference(() => terms.id),
    ...creationStamp(requiredAccount()),
    updatedAt: defaultsToNow(),
  },
  (t) => [uniqueIndex('adoption_campaigns_term_uq').on(t.termId)],
);

/**
 * One e-mail round of a campaign, a number of days from the term's deadline (negative: before):
 * REMINDER goes to the instructors and submitters of sections without an adoption, DIGEST to
 * the department contacts. Its recipients are worked out once (`plannedAt`), by one process.
 */
export const adoptionCampaignSteps = pgTable(
  'adoption_campaign_steps',
  {
    ...tenantKey(),
    campaignId: reference(() => adoptionCampaigns.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    daysFromDeadline: smallint().notNull(),
    /** When its recipients were worked out; null: not yet (or its day has not come). */
    plannedAt: instant(),
    /** The deadline it was planned against (a moved deadline does not re-plan a planned step). */
    plannedForDay: text(),
  },
  (t) => [uniqueIndex('adoption_campaign_steps_uq').on(t.campaignId, t.kind, t.daysFromDeadline)],
);

/**
 * People a campaign leaves out, by address: left out by the store, or unsubscribed through the
 * link of one of its e-mails.
 */
export const adoptionCampaignExclusions = pgTable(
  'adoption_campaign_exclusions',
  {
    campaignId: reference(() => adoptionCampaigns.id, { onDelete: 'cascade' }),
    /** Trimmed, lower case. */
    email: text().notNull(),
    /** STORE or UNSUBSCRIBED. */
    reason: text().notNull(),
    actorAccountId: accountLink(),
    at: defaultsToNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email] })],
);

/**
 * One e-mail of one step to one person (unique by step and address: each person gets one e-mail
 * per step whatever the number of processes). A sender claims it (`claimToken`, `claimedAt`),
 * sends it, and settles it (`sentAt`, `outcome`); a failed send gives the claim back and counts
 * an attempt, so the next run retries it.
 */
export const adoptionCampaignMessages = pgTable(
  'adoption_campaign_messages',
  {
    ...tenantKey(),
    stepId: reference(() => adoptionCampaignSteps.id, { onDelete: 'cascade' }),
    /** Trimmed, lower case. */
    email: text().notNull(),
    recipientName: text().notNull(),
    /** The unsubscribe link's secret: random, one per message. */
    unsubscribeToken: text().notNull(),
    claimToken: text(),
    claimedAt: instant(),
    sentAt: instant(),
    attempts: smallint().notNull().default(0),
    /** SENT, NOTHING_LEFT, LEFT_OUT, REFUSED or GAVE_UP; null while it is still to send. */
    outcome: text(),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('adoption_campaign_messages_uq').on(t.stepId, t.email),
    uniqueIndex('adoption_campaign_messages_token_uq').on(t.unsubscribeToken),
    // The senders' queue: only the messages still to send.
    index('adoption_campaign_messages_open_idx')
      .on(t.stepId, t.id)
      .where(sql`${t.outcome} is null`),
  ],
);

/** The sections one campaign e-mail names: each section's activity history lists it. */
export const adoptionCampaignMessageSections = pgTable(
  'adoption_campaign_message_sections',
  {
    messageId: reference(() => adoptionCampaignMessages.id, { onDelete: 'cascade' }),
    sectionId: reference(() => sections.id, { onDelete: 'cascade' }),
    /** Who the section is assigned to, as the digest listed it ("" in a reminder). */
    assignedTo: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.sectionId] }),
    index('adoption_campaign_message_sections_section_idx').on(t.sectionId),
  ],
);
