ALTER TABLE "funding_allowances" ADD COLUMN "student_last_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "student_first_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "student_id_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each allowance keeps its student's sort keys (issue 26): the allowance list and the near-expiry
-- report read a page in the student's order from an index instead of joining every allowance
-- of a source to its student and sorting them all. Filled here before the indexes are built.
UPDATE "funding_allowances" fa SET "student_last_key" = lower(st.last_name),
  "student_first_key" = lower(st.first_name), "student_id_key" = st.student_id_num
FROM students st WHERE st.id = fa.student_id;--> statement-breakpoint
CREATE INDEX "funding_allowances_source_name_idx" ON "funding_allowances" USING btree ("location_id","source_id","student_last_key","student_first_key","id");--> statement-breakpoint
CREATE INDEX "funding_allowances_source_idnum_idx" ON "funding_allowances" USING btree ("location_id","source_id","student_id_key","id");--> statement-breakpoint
CREATE INDEX "funding_allowances_source_created_idx" ON "funding_allowances" USING btree ("location_id","source_id","created_at","id");--> statement-breakpoint
CREATE INDEX "funding_allowances_unspent_name_idx" ON "funding_allowances" USING btree ("source_id","student_last_key","student_first_key","id") WHERE "funding_allowances"."balance_cents" > 0;--> statement-breakpoint
-- A new allowance, or one moved to another student, takes the student's keys as it is written.
CREATE FUNCTION allowance_student_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(st.last_name), lower(st.first_name), st.student_id_num
    INTO NEW.student_last_key, NEW.student_first_key, NEW.student_id_key
    FROM students st WHERE st.id = NEW.student_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A student renamed (or given another ID) by a student import: every allowance of theirs takes
-- the new keys in the same statement. Transition tables cannot go with a column list, so the
-- trigger runs on every update of students and compares old and new.
CREATE FUNCTION students_allowance_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE funding_allowances fa SET student_last_key = lower(n.last_name),
    student_first_key = lower(n.first_name), student_id_key = n.student_id_num
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE fa.student_id = n.id
    AND (n.last_name, n.first_name, n.student_id_num)
      IS DISTINCT FROM (o.last_name, o.first_name, o.student_id_num);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER funding_allowances_student_keys BEFORE INSERT OR UPDATE OF student_id ON funding_allowances FOR EACH ROW EXECUTE FUNCTION allowance_student_keys();--> statement-breakpoint
CREATE TRIGGER students_allowance_keys AFTER UPDATE ON students REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION students_allowance_keys();--> statement-breakpoint
-- ENABLE ALWAYS: bulk loads run with session_replication_role = replica (migration 0009).
ALTER TABLE funding_allowances ENABLE ALWAYS TRIGGER funding_allowances_student_keys;--> statement-breakpoint
ALTER TABLE students ENABLE ALWAYS TRIGGER students_allowance_keys;
