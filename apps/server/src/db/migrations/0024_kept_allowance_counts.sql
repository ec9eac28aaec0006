ALTER TABLE "funding_sources" ADD COLUMN "allowance_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each source's allowances counted on its row (issue 26): the sources list reads it instead of
-- counting every allowance of every source (18,000 for the large store's aid source) on each
-- call. The allowances' statement triggers add what each statement inserted or deleted, a row
-- trigger a move to another source; the sources' rows locked in id order first, as the ledger's
-- trigger does (ADR 0029). ENABLE ALWAYS, like the sections' counts (migration 0022).
UPDATE "funding_sources" s SET "allowance_count" = (SELECT count(*) FROM funding_allowances a WHERE a.source_id = s.id);--> statement-breakpoint
CREATE FUNCTION source_allowance_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(source_id, n) INTO deltas
    FROM (SELECT source_id, count(*) AS n FROM new_rows GROUP BY source_id) d;
  ELSE
    SELECT jsonb_object_agg(source_id, n) INTO deltas
    FROM (SELECT source_id, -count(*) AS n FROM old_rows GROUP BY source_id) d;
  END IF;
  IF deltas IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM funding_sources WHERE id IN (SELECT k::integer FROM jsonb_object_keys(deltas) AS k)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE funding_sources s SET allowance_count = s.allowance_count + (d.value)::integer
  FROM jsonb_each_text(deltas) AS d
  WHERE s.id = d.key::integer;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION source_allowance_count_on_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM funding_sources WHERE id IN (OLD.source_id, NEW.source_id) ORDER BY id FOR NO KEY UPDATE;
  UPDATE funding_sources SET allowance_count = allowance_count - 1 WHERE id = OLD.source_id;
  UPDATE funding_sources SET allowance_count = allowance_count + 1 WHERE id = NEW.source_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER funding_allowances_count_insert AFTER INSERT ON funding_allowances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION source_allowance_counts();--> statement-breakpoint
CREATE TRIGGER funding_allowances_count_delete AFTER DELETE ON funding_allowances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION source_allowance_counts();--> statement-breakpoint
CREATE TRIGGER funding_allowances_count_move AFTER UPDATE OF source_id ON funding_allowances FOR EACH ROW WHEN (OLD.source_id IS DISTINCT FROM NEW.source_id) EXECUTE FUNCTION source_allowance_count_on_move();--> statement-breakpoint
ALTER TABLE funding_allowances ENABLE ALWAYS TRIGGER funding_allowances_count_insert;--> statement-breakpoint
ALTER TABLE funding_allowances ENABLE ALWAYS TRIGGER funding_allowances_count_delete;--> statement-breakpoint
ALTER TABLE funding_allowances ENABLE ALWAYS TRIGGER funding_allowances_count_move;
