ALTER TABLE "funding_allowances" ADD COLUMN "allocated_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "expired_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "paid_out_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD COLUMN "allocated_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD COLUMN "charged_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD COLUMN "expired_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD COLUMN "paid_out_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_sources" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "funding_allowances_unspent_idx" ON "funding_allowances" USING btree ("source_id","balance_cents") WHERE "funding_allowances"."balance_cents" > 0;--> statement-breakpoint
-- Kept figures (ADR 0029): each allowance's and source's sums of its ledger entries, on its row.
-- The ledger stays the record; these are rebuilt from it here, then kept by the trigger below.
UPDATE "funding_allowances" a SET
  "allocated_cents" = f.allocated, "charged_cents" = f.charged, "expired_cents" = f.expired,
  "paid_out_cents" = f.paid_out, "balance_cents" = f.balance
FROM (
  SELECT l.allowance_id AS id,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('ALLOCATION', 'ADJUSTMENT')), 0) AS allocated,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('CHARGE', 'REFUND')), 0) AS charged,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'EXPIRY'), 0) AS expired,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'PAYOUT'), 0) AS paid_out,
    sum(l.amount_cents) AS balance
  FROM funding_ledger l GROUP BY l.allowance_id
) f
WHERE a.id = f.id;--> statement-breakpoint
UPDATE "funding_sources" s SET
  "allocated_cents" = f.allocated, "charged_cents" = f.charged, "expired_cents" = f.expired,
  "paid_out_cents" = f.paid_out, "balance_cents" = f.balance
FROM (
  SELECT l.source_id AS id,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('ALLOCATION', 'ADJUSTMENT')), 0) AS allocated,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind IN ('CHARGE', 'REFUND')), 0) AS charged,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'EXPIRY'), 0) AS expired,
    coalesce(sum(l.amount_cents) FILTER (WHERE l.kind = 'PAYOUT'), 0) AS paid_out,
    sum(l.amount_cents) AS balance
  FROM funding_ledger l GROUP BY l.source_id
) f
WHERE s.id = f.id;--> statement-breakpoint
-- Every statement that appends entries adds their sums to their allowances and sources, in the
-- same statement and so the same transaction: no writer can forget, and a rolled-back write
-- takes its figures back with it. The rows are locked in id order first (allowances, then
-- sources), so two writers never wait on each other in a cycle. Named to fire before
-- funding_ledger_guard (same event: alphabetical), which reads the figures it kept.
CREATE FUNCTION funding_ledger_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM funding_allowances
    WHERE id IN (SELECT allowance_id FROM inserted) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM funding_sources
    WHERE id IN (SELECT source_id FROM inserted) ORDER BY id FOR NO KEY UPDATE;
  UPDATE funding_allowances a SET
    allocated_cents = a.allocated_cents + f.allocated, charged_cents = a.charged_cents + f.charged,
    expired_cents = a.expired_cents + f.expired, paid_out_cents = a.paid_out_cents + f.paid_out,
    balance_cents = a.balance_cents + f.balance
  FROM (
    SELECT i.allowance_id AS id,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind IN ('ALLOCATION', 'ADJUSTMENT')), 0) AS allocated,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind IN ('CHARGE', 'REFUND')), 0) AS charged,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind = 'EXPIRY'), 0) AS expired,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind = 'PAYOUT'), 0) AS paid_out,
      sum(i.amount_cents) AS balance
    FROM inserted i GROUP BY i.allowance_id
  ) f
  WHERE a.id = f.id;
  UPDATE funding_sources s SET
    allocated_cents = s.allocated_cents + f.allocated, charged_cents = s.charged_cents + f.charged,
    expired_cents = s.expired_cents + f.expired, paid_out_cents = s.paid_out_cents + f.paid_out,
    balance_cents = s.balance_cents + f.balance
  FROM (
    SELECT i.source_id AS id,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind IN ('ALLOCATION', 'ADJUSTMENT')), 0) AS allocated,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind IN ('CHARGE', 'REFUND')), 0) AS charged,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind = 'EXPIRY'), 0) AS expired,
      coalesce(sum(i.amount_cents) FILTER (WHERE i.kind = 'PAYOUT'), 0) AS paid_out,
      sum(i.amount_cents) AS balance
    FROM inserted i GROUP BY i.source_id
  ) f
  WHERE s.id = f.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER funding_ledger_figures AFTER INSERT ON funding_ledger
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION funding_ledger_figures();
--> statement-breakpoint
-- ENABLE ALWAYS: bulk loads (the large seed) run with session_replication_role = replica and
-- the figures must still follow them.
ALTER TABLE funding_ledger ENABLE ALWAYS TRIGGER funding_ledger_figures;
--> statement-breakpoint
-- The guard reads the kept figures: one row per allowance and source written, not their entries.
CREATE OR REPLACE FUNCTION funding_ledger_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  overdrawn integer;
  over_budget integer;
BEGIN
  SELECT a.id INTO overdrawn
    FROM funding_allowances a
    WHERE a.id IN (SELECT allowance_id FROM inserted) AND a.balance_cents < 0
    LIMIT 1;
  IF overdrawn IS NOT NULL THEN
    RAISE EXCEPTION 'funding allowance % would be overdrawn', overdrawn
      USING ERRCODE = 'check_violation', CONSTRAINT = 'funding_ledger_no_overdraw';
  END IF;
  SELECT s.id INTO over_budget
    FROM funding_sources s
    WHERE s.id IN (SELECT source_id FROM inserted WHERE kind IN ('ALLOCATION', 'ADJUSTMENT'))
      AND s.allocated_cents + s.expired_cents > s.budget_cents
    LIMIT 1;
  IF over_budget IS NOT NULL THEN
    RAISE EXCEPTION 'funding source % would allocate more than its budget', over_budget
      USING ERRCODE = 'check_violation', CONSTRAINT = 'funding_ledger_within_budget';
  END IF;
  RETURN NULL;
END $$;
