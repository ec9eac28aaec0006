ALTER TABLE "sections" ADD COLUMN "enrollment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "listing_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "has_ntr" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "has_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "needs_response" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "professor_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "adoption_status_rank" smallint GENERATED ALWAYS AS (case when needs_response then 1 when listing_count = 0 then 0 when has_text then 3 else 2 end) STORED;--> statement-breakpoint
CREATE INDEX "courses_location_code_id_idx" ON "courses" USING btree ("location_id","code","id");--> statement-breakpoint
CREATE INDEX "courses_location_name_id_idx" ON "courses" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "sections_location_start_id_idx" ON "sections" USING btree ("location_id","start_date","id");--> statement-breakpoint
CREATE INDEX "sections_location_end_id_idx" ON "sections" USING btree ("location_id","end_date","id");--> statement-breakpoint
CREATE INDEX "sections_location_code_id_idx" ON "sections" USING btree ("location_id","code","id");--> statement-breakpoint
CREATE INDEX "sections_location_enrollment_idx" ON "sections" USING btree ("location_id","enrollment_count","id");--> statement-breakpoint
CREATE INDEX "sections_location_listing_idx" ON "sections" USING btree ("location_id","listing_count","id");--> statement-breakpoint
CREATE INDEX "sections_location_status_idx" ON "sections" USING btree ("location_id","adoption_status_rank","id");--> statement-breakpoint
CREATE INDEX "sections_location_professors_idx" ON "sections" USING btree ("location_id","professor_names","id");--> statement-breakpoint
-- The section list's facts (ADR 0016), recomputed from the base tables for the sections a
-- statement touched, so they never drift: enrollments, the professors' sort key, and the
-- adoptions covering each section by coverage-sql.ts's rule (its own active adoptions not
-- removed from it, plus its course's active AUTO_ADOPTIONs). Only rows whose facts changed
-- are written, so a statement that changes nothing that matters writes nothing.
CREATE FUNCTION refresh_section_facts(section_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The sections are locked first, in id order (two writers never deadlock on them). A writer
  -- whose statement touched the same sections waits here until this transaction ends; at READ
  -- COMMITTED its recount below then runs on a new snapshot that sees what this one committed,
  -- so two concurrent changes of one section cannot leave a count that misses either.
  PERFORM 1 FROM sections s JOIN unnest(section_ids) AS u(id) ON s.id = u.id
    ORDER BY s.id FOR UPDATE OF s;
  UPDATE sections s SET
    enrollment_count = f.enrollment_count, listing_count = f.listing_count,
    has_ntr = f.has_ntr, has_text = f.has_text, needs_response = f.needs_response,
    professor_names = f.professor_names
  FROM (
    SELECT t.id,
      (SELECT count(*)::integer FROM enrollments e WHERE e.section_id = t.id) AS enrollment_count,
      cover.listing_count, cover.has_ntr, cover.has_text, cover.needs_response,
      coalesce((
        SELECT string_agg(p.last_name || ', ' || p.first_name, '; '
          ORDER BY p.last_name, p.first_name, p.id)
        FROM section_professors sp JOIN professors p ON p.id = sp.professor_id
        WHERE sp.section_id = t.id
      ), '') AS professor_names
    -- A join on the unnested ids, not `= ANY (array)`: a seed's statement passes thousands
    -- of ids, and ANY would test each against every section.
    FROM unnest(section_ids) AS u(id)
      JOIN sections t ON t.id = u.id
      CROSS JOIN LATERAL (
        SELECT count(*)::integer AS listing_count,
          coalesce(bool_or(a.no_text_required), false) AS has_ntr,
          coalesce(bool_or(NOT a.no_text_required), false) AS has_text,
          coalesce(bool_or(a.messaging_status = 'RESPONSE_REQUIRED'), false) AS needs_response
        FROM (
          SELECT am.id, am.no_text_required, am.messaging_status
          FROM adoption_material_sections ams
            JOIN adoption_materials am ON am.id = ams.adoption_material_id
          WHERE ams.section_id = t.id AND NOT ams.removed AND am.active
          UNION
          SELECT am.id, am.no_text_required, am.messaging_status
          FROM adoption_materials am
          WHERE am.course_id = t.course_id AND am.adoption_type = 'AUTO_ADOPTION' AND am.active
            AND am.location_id = t.location_id
        ) a
      ) cover
  ) f
  WHERE s.id = f.id
    AND (s.enrollment_count, s.listing_count, s.has_ntr, s.has_text, s.needs_response,
      s.professor_names)
      IS DISTINCT FROM (f.enrollment_count, f.listing_count, f.has_ntr, f.has_text,
        f.needs_response, f.professor_names);
END
$$;--> statement-breakpoint
-- Tables whose rows carry section_id (enrollments, section_professors,
-- adoption_material_sections): the sections of the rows a statement wrote or deleted.
CREATE FUNCTION section_facts_by_section_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.section_facts_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_section_facts(ARRAY(SELECT DISTINCT section_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_section_facts(ARRAY(SELECT DISTINCT section_id FROM old_rows));
  ELSE
    PERFORM refresh_section_facts(ARRAY(
      SELECT section_id FROM new_rows UNION SELECT section_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A new section has no enrollments, professors or adoptions of its own yet (they reference
-- it): only its course's auto adoptions can already cover it.
CREATE FUNCTION section_facts_on_section_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.section_facts_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM refresh_section_facts(ARRAY(
    SELECT n.id FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM adoption_materials am
      WHERE am.course_id = n.course_id AND am.adoption_type = 'AUTO_ADOPTION' AND am.active)));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A professor renamed re-sorts the sections they teach.
CREATE FUNCTION section_facts_on_professor_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.section_facts_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM refresh_section_facts(ARRAY(
    SELECT DISTINCT sp.section_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN section_professors sp ON sp.professor_id = n.id
    WHERE (n.first_name, n.last_name) IS DISTINCT FROM (o.first_name, o.last_name)));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An adoption covers the sections linked to it and, as an AUTO_ADOPTION, every section of its
-- course. An update matters only when it changes what coverage or the facts read.
CREATE FUNCTION section_facts_on_adoption_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF current_setting('csp.section_facts_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT ARRAY(
      SELECT ams.section_id FROM new_rows n
        JOIN adoption_material_sections ams ON ams.adoption_material_id = n.id
      UNION
      SELECT s.id FROM new_rows n JOIN sections s ON s.course_id = n.course_id
      WHERE n.adoption_type = 'AUTO_ADOPTION' AND s.location_id = n.location_id)
    INTO changed;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT ARRAY(
      SELECT ams.section_id FROM old_rows o
        JOIN adoption_material_sections ams ON ams.adoption_material_id = o.id
      UNION
      SELECT s.id FROM old_rows o JOIN sections s ON s.course_id = o.course_id
      WHERE o.adoption_type = 'AUTO_ADOPTION' AND s.location_id = o.location_id)
    INTO changed;
  ELSE
    SELECT ARRAY(
      WITH moved AS (
        SELECT n.id, n.course_id, n.location_id, n.adoption_type FROM new_rows n
          JOIN old_rows o ON o.id = n.id
        WHERE (n.active, n.no_text_required, n.messaging_status, n.adoption_type, n.course_id)
          IS DISTINCT FROM (o.active, o.no_text_required, o.messaging_status, o.adoption_type,
            o.course_id)
        UNION ALL
        SELECT o.id, o.course_id, o.location_id, o.adoption_type FROM new_rows n
          JOIN old_rows o ON o.id = n.id
        WHERE (n.adoption_type, n.course_id) IS DISTINCT FROM (o.adoption_type, o.course_id)
      )
      SELECT ams.section_id FROM moved m
        JOIN adoption_material_sections ams ON ams.adoption_material_id = m.id
      UNION
      SELECT s.id FROM moved m JOIN sections s ON s.course_id = m.course_id
      WHERE m.adoption_type = 'AUTO_ADOPTION' AND s.location_id = m.location_id)
    INTO changed;
  END IF;
  PERFORM refresh_section_facts(changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A bulk load (the seeds) may set csp.section_facts_deferred for its transaction, skip the
-- triggers, and refresh its sections once at the end (db/seed/store-seed.ts): statement after
-- statement on tables still without statistics, the planner's guesses cost seconds each.
-- One trigger per event: PostgreSQL allows transition tables only on single-event triggers.
-- ENABLE ALWAYS: bulk loads run with session_replication_role = replica (no foreign-key
-- checks) and the facts must still follow them.
CREATE TRIGGER enrollments_facts_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER enrollments_facts_update AFTER UPDATE ON enrollments REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER enrollments_facts_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER section_professors_facts_insert AFTER INSERT ON section_professors REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER section_professors_facts_update AFTER UPDATE ON section_professors REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER section_professors_facts_delete AFTER DELETE ON section_professors REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER adoption_material_sections_facts_insert AFTER INSERT ON adoption_material_sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER adoption_material_sections_facts_update AFTER UPDATE ON adoption_material_sections REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER adoption_material_sections_facts_delete AFTER DELETE ON adoption_material_sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_by_section_id();--> statement-breakpoint
CREATE TRIGGER adoption_materials_facts_insert AFTER INSERT ON adoption_materials REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_on_adoption_change();--> statement-breakpoint
CREATE TRIGGER adoption_materials_facts_update AFTER UPDATE ON adoption_materials REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_on_adoption_change();--> statement-breakpoint
CREATE TRIGGER adoption_materials_facts_delete AFTER DELETE ON adoption_materials REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_on_adoption_change();--> statement-breakpoint
CREATE TRIGGER sections_facts_insert AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_on_section_insert();--> statement-breakpoint
CREATE TRIGGER professors_facts_update AFTER UPDATE ON professors REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_facts_on_professor_update();--> statement-breakpoint
ALTER TABLE enrollments ENABLE ALWAYS TRIGGER enrollments_facts_insert;--> statement-breakpoint
ALTER TABLE enrollments ENABLE ALWAYS TRIGGER enrollments_facts_update;--> statement-breakpoint
ALTER TABLE enrollments ENABLE ALWAYS TRIGGER enrollments_facts_delete;--> statement-breakpoint
ALTER TABLE section_professors ENABLE ALWAYS TRIGGER section_professors_facts_insert;--> statement-breakpoint
ALTER TABLE section_professors ENABLE ALWAYS TRIGGER section_professors_facts_update;--> statement-breakpoint
ALTER TABLE section_professors ENABLE ALWAYS TRIGGER section_professors_facts_delete;--> statement-breakpoint
ALTER TABLE adoption_material_sections ENABLE ALWAYS TRIGGER adoption_material_sections_facts_insert;--> statement-breakpoint
ALTER TABLE adoption_material_sections ENABLE ALWAYS TRIGGER adoption_material_sections_facts_update;--> statement-breakpoint
ALTER TABLE adoption_material_sections ENABLE ALWAYS TRIGGER adoption_material_sections_facts_delete;--> statement-breakpoint
ALTER TABLE adoption_materials ENABLE ALWAYS TRIGGER adoption_materials_facts_insert;--> statement-breakpoint
ALTER TABLE adoption_materials ENABLE ALWAYS TRIGGER adoption_materials_facts_update;--> statement-breakpoint
ALTER TABLE adoption_materials ENABLE ALWAYS TRIGGER adoption_materials_facts_delete;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_facts_insert;--> statement-breakpoint
ALTER TABLE professors ENABLE ALWAYS TRIGGER professors_facts_update;--> statement-breakpoint
-- The facts of the sections already there.
SELECT refresh_section_facts(ARRAY(SELECT id FROM sections));
