-- One status beside NMR (issue 28): a section only no-text-required records cover ranks as NTR
-- even while one of them awaits an answer. Dropping the generated column drops its index too.
ALTER TABLE "sections" drop column "adoption_status_rank";--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "adoption_status_rank" smallint GENERATED ALWAYS AS (case when listing_count = 0 then 0 when not has_text then 2 when needs_response then 1 else 3 end) STORED;--> statement-breakpoint
CREATE INDEX "sections_location_status_idx" ON "sections" USING btree ("location_id","adoption_status_rank","id");--> statement-breakpoint
-- The Section column's sort key (issue 28): department, course and section codes as the list
-- shows them, numbers by value. In the "C" collation so both engines order it byte by byte
-- (their default collations differ, and a linguistic one would ignore the chr(1) separators).
ALTER TABLE "sections" ADD COLUMN "name_key" text COLLATE "C" DEFAULT '' NOT NULL;--> statement-breakpoint
-- A code lower case with every run of digits padded to ten places (and cut to its last ten), so
-- text order compares numbers by value: 101 before 1010, section 2 before 10.
CREATE FUNCTION section_code_key(code text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(lower(code), '([0-9]+)', '0000000000\1', 'g'),
    '0*([0-9]{10})', '\1', 'g')
$$;--> statement-breakpoint
CREATE FUNCTION section_name_key(department_code text, course_code text, section_code text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT section_code_key(department_code) || chr(1) || section_code_key(course_code)
    || chr(1) || section_code_key(section_code)
$$;--> statement-breakpoint
UPDATE "sections" s SET "name_key" = section_name_key(d.code, c.code, s.code)
FROM courses c JOIN departments d ON d.id = c.department_id WHERE c.id = s.course_id;--> statement-breakpoint
CREATE INDEX "sections_location_name_idx" ON "sections" USING btree ("location_id","name_key","id");--> statement-breakpoint
-- A section written (or moved to another course, or recoded) takes its key as it is written.
CREATE FUNCTION sections_name_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT section_name_key(d.code, c.code, NEW.code) INTO NEW.name_key
    FROM courses c JOIN departments d ON d.id = c.department_id WHERE c.id = NEW.course_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A course recoded or moved to another department, or a department recoded: its sections take
-- the new key in the same statement. Transition tables cannot go with a column list, so these
-- run on every update and compare old and new.
CREATE FUNCTION courses_section_name_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sections s SET name_key = section_name_key(d.code, n.code, s.code)
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN departments d ON d.id = n.department_id
  WHERE s.course_id = n.id
    AND (n.code, n.department_id) IS DISTINCT FROM (o.code, o.department_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION departments_section_name_keys() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sections s SET name_key = section_name_key(n.code, c.code, s.code)
  FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN courses c ON c.department_id = n.id
  WHERE s.course_id = c.id AND n.code IS DISTINCT FROM o.code;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sections_name_key BEFORE INSERT OR UPDATE OF course_id, code ON sections FOR EACH ROW EXECUTE FUNCTION sections_name_key();--> statement-breakpoint
CREATE TRIGGER courses_section_name_keys AFTER UPDATE ON courses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_section_name_keys();--> statement-breakpoint
CREATE TRIGGER departments_section_name_keys AFTER UPDATE ON departments REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION departments_section_name_keys();--> statement-breakpoint
-- ENABLE ALWAYS: bulk loads run with session_replication_role = replica (migration 0009).
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_name_key;--> statement-breakpoint
ALTER TABLE courses ENABLE ALWAYS TRIGGER courses_section_name_keys;--> statement-breakpoint
ALTER TABLE departments ENABLE ALWAYS TRIGGER departments_section_name_keys;
