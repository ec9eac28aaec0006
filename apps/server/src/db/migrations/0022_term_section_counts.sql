ALTER TABLE "terms" ADD COLUMN "section_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each term's section count, kept on its row (issue 26): the public textbook list's terms read
-- it instead of counting the sections of every recent term on each call. The sections'
-- statement triggers add what each statement inserted or deleted, a row trigger a move; the
-- terms' rows locked in id order first (two imports never wait on each other in a cycle). ENABLE
-- ALWAYS: the large seed loads sections under session_replication_role = replica.
UPDATE "terms" t SET "section_count" = (SELECT count(*) FROM sections s WHERE s.term_id = t.id);--> statement-breakpoint
CREATE FUNCTION term_section_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(term_id, n) INTO deltas
    FROM (SELECT term_id, count(*) AS n FROM new_rows GROUP BY term_id) d;
  ELSE
    SELECT jsonb_object_agg(term_id, n) INTO deltas
    FROM (SELECT term_id, -count(*) AS n FROM old_rows GROUP BY term_id) d;
  END IF;
  IF deltas IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM terms WHERE id IN (SELECT k::integer FROM jsonb_object_keys(deltas) AS k)
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE terms t SET section_count = t.section_count + (d.value)::integer
  FROM jsonb_each_text(deltas) AS d
  WHERE t.id = d.key::integer;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sections_term_count_insert AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION term_section_counts();--> statement-breakpoint
-- A section moved to another term (rare: a correction): a row trigger, so the many updates of
-- sections' other columns (their kept facts) never run it.
CREATE FUNCTION term_section_count_on_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM terms WHERE id IN (OLD.term_id, NEW.term_id) ORDER BY id FOR NO KEY UPDATE;
  UPDATE terms SET section_count = section_count - 1 WHERE id = OLD.term_id;
  UPDATE terms SET section_count = section_count + 1 WHERE id = NEW.term_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sections_term_count_update AFTER UPDATE OF term_id ON sections FOR EACH ROW WHEN (OLD.term_id IS DISTINCT FROM NEW.term_id) EXECUTE FUNCTION term_section_count_on_move();--> statement-breakpoint
CREATE TRIGGER sections_term_count_delete AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION term_section_counts();--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_term_count_insert;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_term_count_update;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_term_count_delete;
