import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  type PgColumn,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { reference, instant, defaultsToNow, jsonDetails } from './columns.ts';
import {
  tenantKey,
  accountLink,
  requiredAccount,
  creationStamp,
  activityEntry,
} from './tenant-columns.ts';
import { iaChargeLines } from './inclusive-access.ts';
import { terms } from './catalog.ts';
import { students } from './students.ts';
import { orders } from './commerce.ts';

/**
 * Funding (issue 14, ADR 0019). Money is whole cents. The ledger is the record; a source's and
 * an allowance's figures are sums of its `funding_ledger` entries, kept on their rows by the
 * ledger's trigger in the statement that writes the entries (migration 0019, ADR 0029).
 */
/**
 * The sums of a row's ledger entries, each signed as stored, kept by the funding_ledger_figures
 * trigger (migration 0019): never written by the application.
 */
const keptFigures = () => ({
  /** ALLOCATION + ADJUSTMENT. */
  allocatedCents: integer().notNull().default(0),
  /** CHARGE + REFUND (negative when money was spent). */
  chargedCents: integer().notNull().default(0),
  /** EXPIRY. */
  expiredCents: integer().notNull().default(0),
  /** PAYOUT. */
  paidOutCents: integer().notNull().default(0),
  /** Every entry: the balance. */
  balanceCents: integer().notNull().default(0),
});

export const fundingSources = pgTable(
  'funding_sources',
  {
    ...tenantKey(),
    name: text().notNull(),
    /** FUNDING_KINDS. */
    kind: text().notNull(),
    budgetCents: integer().notNull(),
    chargeStartsOn: date({ mode: 'string' }).notNull(),
    chargeEndsOn: date({ mode: 'string' }).notNull(),
    perStudentCapCents: integer(),
    /** FUNDING_SCOPES. */
    scope: text().notNull(),
    /** FUNDING_SPENDING values it pays for. */
    spending: text().array().notNull(),
    /** UNSPENT_POLICIES. */
    unspentPolicy: text().notNull(),
    /** PROMOTION only: the shared code (upper-case), each use's amount and the use limit. */
    promoCode: text(),
    promoAmountCents: integer(),
    promoUseLimit: integer(),
    /** When the ended window's unspent balances were closed (EXPIRY/PAYOUT written). */
    closedAt: instant(),
    /**
     * The source's last ledger entry when its balances were last closed: an entry after it (a
     * refund credited later) means a balance may need closing again. Ids, not times: an entry's
     * time is taken before its writer waits for the closing's locks.
     */
    closedThroughEntryId: integer(),
    ...keptFigures(),
    /** The source's allowances, kept by their statement triggers (migration 0024). */
    allowanceCount: integer().notNull().default(0),
    /** Bumped by each edit; an edit sent with an older version is refused (no lost update). */
    version: integer().notNull().default(0),
    ...creationStamp(requiredAccount()),
    updatedAt: defaultsToNow(),
    /** The client's key for one create: the same create sent again answers this source. */
    clientKey: text(),
  },
  (t) => [
    index('funding_sources_location_idx').on(t.locationId, t.chargeEndsOn),
    uniqueIndex('funding_sources_promo_code_uq')
      .on(t.locationId, t.promoCode)
      .where(sql`${t.promoCode} is not null`),
    uniqueIndex('funding_sources_client_key_uq')
      .on(t.createdBy, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check('funding_sources_budget_ck', sql`${t.budgetCents} >= 0`),
    check('funding_sources_window_ck', sql`${t.chargeEndsOn} >= ${t.chargeStartsOn}`),
    check(
      'funding_sources_promo_ck',
      sql`(${t.kind} = 'PROMOTION') = (${t.promoCode} is not null)
        and (${t.promoCode} is null) = (${t.promoAmountCents} is null)
        and (${t.promoCode} is null) = (${t.promoUseLimit} is null)`,
    ),
  ],
);

/** The terms a source pays for; none means any term. */
export const fundingSourceTerms = pgTable(
  'funding_source_terms',
  {
    sourceId: reference(() => fundingSources.id, { onDelete: 'cascade' }),
    termId: reference(() => terms.id),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.termId] }),
    index('funding_source_terms_term_idx').on(t.termId),
  ],
);

/**
 * A student search on a source's allowances (each word the start of a kept key, LIKE 'x%'),
 * read from these instead of filtering every allowance of the source.
 */
function searchIndex(
  name: string,
  t: { locationId: PgColumn; sourceId: PgColumn },
  key: SQLWrapper,
) {
  return index(`funding_allowances_search_${name}_idx`).on(
    t.locationId,
    t.sourceId,
    sql`${key} text_pattern_ops`,
  );
}

/** A student's allowance from one source (at most one per source), known by its voucher code. */
export const fundingAllowances = pgTable(
  'funding_allowances',
  {
    ...tenantKey(),
    sourceId: reference(() => fundingSources.id),
    studentId: reference(() => students.id),
    /** Unique in the store; printed and e-mailed to the student. */
    voucherCode: text().notNull(),
    note: text().notNull().default(''),
    ...creationStamp(accountLink()),
    clientKey: text(),
    /** The allowance file it came from, if any. */
    uploadId: integer(),
    emailedAt: instant(),
    /**
     * The run of "E-mail vouchers" sending this one, and when it last said so (both cleared
     * when sent or refused): two runs at once, or two processes, never mail a student twice. A
     * claim not renewed for VOUCHER_CLAIM_MINUTES is of a run that died, and is taken again.
     */
    emailClaim: text(),
    emailClaimedAt: instant(),
    ...keptFigures(),
    /** The student's lowered names and ID, kept by triggers for the lists' orders (ADR 0033). */
    studentLastKey: text().notNull().default(''),
    studentFirstKey: text().notNull().default(''),
    studentIdKey: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('funding_allowances_source_student_uq').on(t.sourceId, t.studentId),
    uniqueIndex('funding_allowances_voucher_uq').on(t.locationId, t.voucherCode),
    uniqueIndex('funding_allowances_client_key_uq')
      .on(t.createdBy, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    index('funding_allowances_student_idx').on(t.studentId),
    // The allowance list's three orders, each a page read in order from its index.
    index('funding_allowances_source_name_idx').on(
      t.locationId,
      t.sourceId,
      t.studentLastKey,
      t.studentFirstKey,
      t.id,
    ),
    index('funding_allowances_source_idnum_idx').on(t.locationId, t.sourceId, t.studentIdKey, t.id),
    index('funding_allowances_source_created_idx').on(t.locationId, t.sourceId, t.createdAt, t.id),
    searchIndex('last', t, t.studentLastKey),
    searchIndex('first', t, t.studentFirstKey),
    searchIndex('idnum', t, sql`lower(${t.studentIdKey})`),
    // Near expiry: a source's allowances with money left in the student's order.
    index('funding_allowances_unspent_name_idx')
      .on(t.sourceId, t.studentLastKey, t.studentFirstKey, t.id)
      .where(sql`${t.balanceCents} > 0`),
    // Near expiry: a source's allowances with money left, not every allowance of the source.
    index('funding_allowances_unspent_idx')
      .on(t.sourceId, t.balanceCents)
      .where(sql`${t.balanceCents} > 0`),
    // A run renews and releases its claims by run id: only claimed rows are in this index.
    index('funding_allowances_email_claim_idx')
      .on(t.emailClaim)
      .where(sql`${t.emailClaim} is not null`),
  ],
);

/**
 * Every movement of funding money. A balance is the sum of an allowance's entries, kept on the
 * allowance (and the source) by the funding_ledger_figures trigger in the inserting statement
 * (migration 0019); the no-overdraw trigger (migrations 0015, 0019) refuses an entry that would
 * take one below zero, and the writers lock the allowance row first so two charges at once are
 * taken one after the other.
 */
export const fundingLedger = pgTable(
  'funding_ledger',
  {
    ...tenantKey(),
    sourceId: reference(() => fundingSources.id),
    allowanceId: reference(() => fundingAllowances.id),
    studentId: reference(() => students.id),
    /** LEDGER_KINDS. */
    kind: text().notNull(),
    /** Signed as it moves the student's balance. */
    amountCents: integer().notNull(),
    orderId: integer().references(() => orders.id),
    /** The charged order's term (spending by term). */
    termId: integer().references(() => terms.id),
    actorAccountId: accountLink(),
    at: defaultsToNow(),
    note: text().notNull().default(''),
    /** CHARGE: the order lines it paid, [{ sectionId, titleId, cents }]. */
    details: jsonDetails(),
    /** An inclusive-access charge (or its credit, a REFUND) paid from the allowance (issue 32). */
    iaChargeLineId: integer().references(() => iaChargeLines.id),
  },
  (t) => [
    // An allowance's entries (a recount from scratch; no read sums them: the figures are kept).
    index('funding_ledger_allowance_idx').on(t.allowanceId, t.kind, t.amountCents),
    // A source's entries by kind (a recount from scratch; the figures are kept, migration 0019).
    index('funding_ledger_source_kind_idx').on(t.sourceId, t.kind, t.amountCents),
    index('funding_ledger_source_at_idx').on(t.sourceId, t.at.desc(), t.id.desc()),
    // Closing: has the source an entry after the last closing? One probe per source.
    index('funding_ledger_source_id_idx').on(t.sourceId, t.id),
    // Spending by source and term: an index-only scan of each source's charges and refunds.
    index('funding_ledger_source_spending_idx')
      .on(t.sourceId, t.kind, t.termId, t.orderId, t.studentId, t.amountCents)
      .where(sql`${t.kind} in ('CHARGE', 'REFUND')`),
    index('funding_ledger_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    // An order is charged, and refunded, at most once per allowance.
    uniqueIndex('funding_ledger_order_once_uq')
      .on(t.orderId, t.allowanceId, t.kind)
      .where(sql`${t.kind} in ('CHARGE', 'REFUND')`),
    // An inclusive-access line is paid (or credited back) once.
    uniqueIndex('funding_ledger_ia_line_uq')
      .on(t.iaChargeLineId)
      .where(sql`${t.iaChargeLineId} is not null`),
    check(
      'funding_ledger_sign_ck',
      sql`case ${t.kind}
        when 'ALLOCATION' then ${t.amountCents} > 0
        when 'REFUND' then ${t.amountCents} > 0
        when 'CHARGE' then ${t.amountCents} < 0
          and (${t.orderId} is not null or ${t.iaChargeLineId} is not null)
        when 'EXPIRY' then ${t.amountCents} < 0
        when 'PAYOUT' then ${t.amountCents} < 0
        when 'ADJUSTMENT' then ${t.amountCents} <> 0
        else false end`,
    ),
  ],
);

/** Who changed what in a source, and when (sources, allowances, files, vouchers, closing). */
export const fundingActivity = pgTable(
  'funding_activity',
  {
    ...tenantKey(),
    sourceId: reference(() => fundingSources.id),
    allowanceId: integer().references(() => fundingAllowances.id),
    /** action: one of FUNDING_ACTIVITY_ACTIONS. */
    ...activityEntry(),
    /** In words, e.g. "Budget $50,000.00 → $60,000.00". */
    summary: text().notNull(),
    details: jsonDetails(),
  },
  (t) => [index('funding_activity_source_at_idx').on(t.sourceId, t.at.desc(), t.id.desc())],
);
