CREATE TABLE "metric_item_counts" (
	"location_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"section_id" integer,
	"item_count" integer DEFAULT 0 NOT NULL,
	"fulfilled_count" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"on_hold_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"due_count" integer DEFAULT 0 NOT NULL,
	"on_time_count" integer DEFAULT 0 NOT NULL,
	"rent_new_count" integer DEFAULT 0 NOT NULL,
	"rent_used_count" integer DEFAULT 0 NOT NULL,
	"buy_new_count" integer DEFAULT 0 NOT NULL,
	"buy_used_count" integer DEFAULT 0 NOT NULL,
	"digital_count" integer DEFAULT 0 NOT NULL,
	"required_bought_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_item_counts_key" UNIQUE NULLS NOT DISTINCT("division_id","term_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "metric_preference_counts" (
	"location_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"kind" text NOT NULL,
	"preference_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_preference_counts_division_id_kind_pk" PRIMARY KEY("division_id","kind")
);
--> statement-breakpoint
CREATE TABLE "metric_section_requirements" (
	"section_id" integer PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"enrollment_count" integer DEFAULT 0 NOT NULL,
	"title_ids" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_item_counts" ADD CONSTRAINT "metric_item_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_item_counts" ADD CONSTRAINT "metric_item_counts_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_item_counts" ADD CONSTRAINT "metric_item_counts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_item_counts" ADD CONSTRAINT "metric_item_counts_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_preference_counts" ADD CONSTRAINT "metric_preference_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_preference_counts" ADD CONSTRAINT "metric_preference_counts_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_section_requirements" ADD CONSTRAINT "metric_section_requirements_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_section_requirements" ADD CONSTRAINT "metric_section_requirements_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_section_requirements" ADD CONSTRAINT "metric_section_requirements_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_item_counts_section_idx" ON "metric_item_counts" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "metric_section_requirements_term_idx" ON "metric_section_requirements" USING btree ("term_id");--> statement-breakpoint
-- The dashboard's kept figures (ADR 0017). Three tables, kept by statement triggers in the same
-- transaction as every change that moves a figure, so no metric reads the order items:
--   metric_item_counts: order items per order key (division, term) and item section, by state,
--     on-time, fulfilment type and whether a required title of the section was bought;
--   metric_section_requirements: each section's required titles and enrolment (market share's
--     denominator), kept by refresh_section_facts with the other section facts (0012);
--   metric_preference_counts: students' preferences per division, by kind.
-- Item and preference counts move by deltas (x = x + d, safe under concurrency); what an item
-- counts as also depends on its order (on hold, key), its section (start date) and the
-- section's required titles, so every path that reads one of those locks it first (orders,
-- then sections, each in id order), and a change of one recounts under that lock (ADR 0017).
CREATE TYPE metric_item_change AS (
  sign integer, location_id integer, division_id integer, term_id integer, on_hold boolean,
  section_id integer, title_id integer, status text, fulfillment_type text,
  fulfilled_at timestamp with time zone
);--> statement-breakpoint
CREATE TYPE metric_preference_change AS (
  sign integer, location_id integer, division_id integer, kind text
);--> statement-breakpoint
-- Adds (sign +1) or takes away (sign -1) what items count for. Their sections are locked first
-- (shared, in id order): a recount of a section's on-time or required figures (start date or
-- adoptions changed) holds them exclusively, so an item is counted either before that recount
-- (which then sees it) or after it (against the new start date and required titles).
CREATE FUNCTION apply_metric_item_changes(changes metric_item_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(changes), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM sections s
  WHERE s.id IN (SELECT c.section_id FROM unnest(changes) c)
  ORDER BY s.id FOR SHARE OF s;
  INSERT INTO metric_item_counts AS m (location_id, division_id, term_id, section_id,
    item_count, fulfilled_count, pending_count, on_hold_count, cancelled_count, due_count,
    on_time_count, rent_new_count, rent_used_count, buy_new_count, buy_used_count, digital_count,
    required_bought_count)
  SELECT * FROM (
    SELECT min(c.location_id), c.division_id, c.term_id, c.section_id,
      sum(CASE WHEN c.status <> 'CANCELLED' THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status = 'FULFILLED' THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status NOT IN ('CANCELLED', 'FULFILLED') AND NOT c.on_hold
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status NOT IN ('CANCELLED', 'FULFILLED') AND c.on_hold
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status = 'CANCELLED' THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.section_id IS NOT NULL
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status = 'FULFILLED'
        AND (c.fulfilled_at AT TIME ZONE 'UTC')::date <= s.start_date THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.fulfillment_type = 'RENT_NEW'
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.fulfillment_type = 'RENT_USED'
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.fulfillment_type = 'BUY_NEW'
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.fulfillment_type = 'BUY_USED'
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.fulfillment_type = 'DIGITAL'
        THEN c.sign ELSE 0 END)::integer,
      sum(CASE WHEN c.status <> 'CANCELLED' AND c.title_id = ANY (r.title_ids)
        THEN c.sign ELSE 0 END)::integer
    FROM unnest(changes) c
      LEFT JOIN sections s ON s.id = c.section_id
      LEFT JOIN metric_section_requirements r ON r.section_id = c.section_id
    WHERE c.term_id IS NOT NULL AND c.division_id IS NOT NULL
    GROUP BY c.division_id, c.term_id, c.section_id
  ) d (location_id, division_id, term_id, section_id, item_count, fulfilled_count, pending_count,
      on_hold_count, cancelled_count, due_count, on_time_count, rent_new_count, rent_used_count,
      buy_new_count, buy_used_count, digital_count, required_bought_count)
  -- A change that moves no figure (a price edited, an item moved between two orders of one
  -- key) writes nothing.
  WHERE (item_count, fulfilled_count, pending_count, on_hold_count, cancelled_count, due_count,
      on_time_count, rent_new_count, rent_used_count, buy_new_count, buy_used_count,
      digital_count, required_bought_count) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  -- Rows in key order: two writers of the same keys lock them in the same order.
  ORDER BY division_id, term_id, section_id NULLS FIRST
  ON CONFLICT (division_id, term_id, section_id) DO UPDATE SET
    item_count = m.item_count + excluded.item_count,
    fulfilled_count = m.fulfilled_count + excluded.fulfilled_count,
    pending_count = m.pending_count + excluded.pending_count,
    on_hold_count = m.on_hold_count + excluded.on_hold_count,
    cancelled_count = m.cancelled_count + excluded.cancelled_count,
    due_count = m.due_count + excluded.due_count,
    on_time_count = m.on_time_count + excluded.on_time_count,
    rent_new_count = m.rent_new_count + excluded.rent_new_count,
    rent_used_count = m.rent_used_count + excluded.rent_used_count,
    buy_new_count = m.buy_new_count + excluded.buy_new_count,
    buy_used_count = m.buy_used_count + excluded.buy_used_count,
    digital_count = m.digital_count + excluded.digital_count,
    required_bought_count = m.required_bought_count + excluded.required_bought_count;
END
$$;--> statement-breakpoint
-- The figures that depend on a section rather than on the item alone (on time: fulfilled by its
-- start date; required bought: one of its required titles), recounted for the sections' rows.
-- Callers hold the sections exclusively (an UPDATE of them, or refresh_section_facts' lock).
CREATE FUNCTION recount_metric_section_items(section_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE metric_item_counts m SET
    on_time_count = f.on_time_count, required_bought_count = f.required_bought_count
  FROM (
    SELECT k.division_id, k.term_id, k.section_id, c.on_time_count, c.required_bought_count
    FROM (SELECT DISTINCT id FROM unnest(section_ids) AS u(id)) u
      JOIN metric_item_counts k ON k.section_id = u.id
      -- Per kept row, its items by the section index: a join of the whole set would be
      -- planned for the handful of ids a trigger usually passes, and crawl for thousands.
      CROSS JOIN LATERAL (
        SELECT
          count(*) FILTER (WHERE i.status = 'FULFILLED'
            AND (i.fulfilled_at AT TIME ZONE 'UTC')::date <= s.start_date)::integer AS on_time_count,
          count(*) FILTER (WHERE i.status <> 'CANCELLED'
            AND i.title_id = ANY (r.title_ids))::integer AS required_bought_count
        FROM order_items i
          JOIN orders o ON o.id = i.order_id
          JOIN sections s ON s.id = i.section_id
          LEFT JOIN metric_section_requirements r ON r.section_id = i.section_id
        WHERE i.section_id = k.section_id AND o.division_id = k.division_id
          AND o.term_id = k.term_id
      ) c
  ) f
  WHERE m.division_id = f.division_id AND m.term_id = f.term_id AND m.section_id = f.section_id
    AND (m.on_time_count, m.required_bought_count)
      IS DISTINCT FROM (f.on_time_count, f.required_bought_count);
$$;--> statement-breakpoint
-- refresh_section_facts (0012) as before, and also each section's required titles and enrolment
-- (market share); where a section's required titles changed, its items' required-bought figure
-- is recounted under the lock taken here.
CREATE OR REPLACE FUNCTION refresh_section_facts(section_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  requirements_changed integer[];
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
  -- Required titles: active, required adoptions of a catalog title (not no-text-required)
  -- covering the section by the same rule; only sections with one have a row.
  WITH wanted AS (
    SELECT t.id AS section_id, t.location_id, t.term_id, t.enrollment_count,
      coalesce(req.title_ids, '{}'::integer[]) AS title_ids
    FROM (SELECT DISTINCT id FROM unnest(section_ids) AS u(id)) u
      JOIN sections t ON t.id = u.id
      CROSS JOIN LATERAL (
        SELECT array_agg(a.title_id ORDER BY a.title_id) AS title_ids
        FROM (
          SELECT am.title_id
          FROM adoption_material_sections ams
            JOIN adoption_materials am ON am.id = ams.adoption_material_id
          WHERE ams.section_id = t.id AND NOT ams.removed AND am.active AND am.required
            AND NOT am.no_text_required AND am.title_id IS NOT NULL
          UNION
          SELECT am.title_id
          FROM adoption_materials am
          WHERE am.course_id = t.course_id AND am.adoption_type = 'AUTO_ADOPTION' AND am.active
            AND am.location_id = t.location_id AND am.required AND NOT am.no_text_required
            AND am.title_id IS NOT NULL
        ) a
      ) req
  ),
  kept AS (
    SELECT r.section_id, r.title_ids
    FROM metric_section_requirements r JOIN wanted w ON w.section_id = r.section_id
  ),
  dropped AS (
    DELETE FROM metric_section_requirements r USING wanted w
    WHERE r.section_id = w.section_id AND cardinality(w.title_ids) = 0
  ),
  written AS (
    INSERT INTO metric_section_requirements AS r
      (section_id, location_id, term_id, enrollment_count, title_ids)
    SELECT w.section_id, w.location_id, w.term_id, w.enrollment_count, w.title_ids
    FROM wanted w WHERE cardinality(w.title_ids) > 0
    ORDER BY w.section_id
    ON CONFLICT (section_id) DO UPDATE SET
      location_id = excluded.location_id, term_id = excluded.term_id,
      enrollment_count = excluded.enrollment_count, title_ids = excluded.title_ids
    WHERE (r.location_id, r.term_id, r.enrollment_count, r.title_ids)
      IS DISTINCT FROM (excluded.location_id, excluded.term_id, excluded.enrollment_count,
        excluded.title_ids)
  )
  SELECT ARRAY(
    SELECT w.section_id FROM wanted w LEFT JOIN kept k ON k.section_id = w.section_id
    WHERE coalesce(k.title_ids, '{}'::integer[]) IS DISTINCT FROM w.title_ids)
  INTO requirements_changed;
  IF cardinality(requirements_changed) > 0
    AND current_setting('csp.metric_summaries_deferred', true) IS DISTINCT FROM 'on' THEN
    PERFORM recount_metric_section_items(requirements_changed);
  END IF;
END
$$;--> statement-breakpoint
-- As in 0012, and an adoption's required flag or title now matter too (market share).
CREATE OR REPLACE FUNCTION section_facts_on_adoption_change() RETURNS trigger
LANGUAGE plpgsql AS $$
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
        WHERE (n.active, n.no_text_required, n.messaging_status, n.adoption_type, n.course_id,
            n.required, n.title_id)
          IS DISTINCT FROM (o.active, o.no_text_required, o.messaging_status, o.adoption_type,
            o.course_id, o.required, o.title_id)
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
-- Order items written: their orders are locked (shared, in id order) before their status and
-- key are read, so a hold, release or move of the order either waits for this transaction or
-- is seen by it. A deleted item whose order is already gone was counted out by the order's
-- delete trigger below (an order's items go with it).
CREATE FUNCTION metric_items_on_item_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes metric_item_change[];
  moved integer[];
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM orders o WHERE o.id IN (SELECT order_id FROM new_rows)
      ORDER BY o.id FOR SHARE OF o;
    changes := ARRAY(
      SELECT ROW(1, o.location_id, o.division_id, o.term_id, o.status = 'ON_HOLD', n.section_id,
        n.title_id, n.status, n.fulfillment_type, n.fulfilled_at)::metric_item_change
      FROM new_rows n JOIN orders o ON o.id = n.order_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM orders o WHERE o.id IN (SELECT order_id FROM old_rows)
      ORDER BY o.id FOR SHARE OF o;
    changes := ARRAY(
      SELECT ROW(-1, o.location_id, o.division_id, o.term_id, o.status = 'ON_HOLD', p.section_id,
        p.title_id, p.status, p.fulfillment_type, p.fulfilled_at)::metric_item_change
      FROM old_rows p JOIN orders o ON o.id = p.order_id);
  ELSE
    -- Only items whose counted columns changed (not a price edited).
    moved := ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE (n.order_id, n.section_id, n.title_id, n.status, n.fulfillment_type, n.fulfilled_at)
        IS DISTINCT FROM (p.order_id, p.section_id, p.title_id, p.status, p.fulfillment_type,
          p.fulfilled_at));
    IF cardinality(moved) = 0 THEN RETURN NULL; END IF;
    PERFORM 1 FROM orders o WHERE o.id IN (
        SELECT n.order_id FROM new_rows n JOIN unnest(moved) AS m(id) ON m.id = n.id
        UNION
        SELECT p.order_id FROM old_rows p JOIN unnest(moved) AS m(id) ON m.id = p.id)
      ORDER BY o.id FOR SHARE OF o;
    changes := ARRAY(
      SELECT ROW(x.sign, o.location_id, o.division_id, o.term_id, o.status = 'ON_HOLD',
        x.section_id, x.title_id, x.status, x.fulfillment_type, x.fulfilled_at)::metric_item_change
      FROM (
        SELECT 1 AS sign, n.order_id, n.section_id, n.title_id, n.status, n.fulfillment_type,
          n.fulfilled_at
        FROM new_rows n JOIN unnest(moved) AS m(id) ON m.id = n.id
        UNION ALL
        SELECT -1, p.order_id, p.section_id, p.title_id, p.status, p.fulfillment_type,
          p.fulfilled_at
        FROM old_rows p JOIN unnest(moved) AS m(id) ON m.id = p.id
      ) x JOIN orders o ON o.id = x.order_id);
  END IF;
  PERFORM apply_metric_item_changes(changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order held or released, or moved to another store, division or term: its items leave the
-- old figures and join the new (the update holds the order, so no item of it is written
-- meanwhile).
CREATE FUNCTION metric_items_on_order_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM apply_metric_item_changes(ARRAY(
    WITH moved AS (
      SELECT n.id, p.location_id AS old_location, p.division_id AS old_division,
        p.term_id AS old_term, p.status = 'ON_HOLD' AS old_hold,
        n.location_id, n.division_id, n.term_id, n.status = 'ON_HOLD' AS on_hold
      FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE (n.location_id, n.division_id, n.term_id, n.status = 'ON_HOLD')
        IS DISTINCT FROM (p.location_id, p.division_id, p.term_id, p.status = 'ON_HOLD')
    )
    SELECT ROW(-1, m.old_location, m.old_division, m.old_term, m.old_hold, i.section_id,
      i.title_id, i.status, i.fulfillment_type, i.fulfilled_at)::metric_item_change
    FROM moved m JOIN order_items i ON i.order_id = m.id
    UNION ALL
    SELECT ROW(1, m.location_id, m.division_id, m.term_id, m.on_hold, i.section_id,
      i.title_id, i.status, i.fulfillment_type, i.fulfilled_at)::metric_item_change
    FROM moved m JOIN order_items i ON i.order_id = m.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An order deleted takes its items with it (ON DELETE CASCADE). By the time the items' own
-- delete trigger runs the order row is gone and their key with it, so they are counted out
-- here, per order, while both still exist.
CREATE FUNCTION metric_items_on_order_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN OLD; END IF;
  PERFORM apply_metric_item_changes(ARRAY(
    SELECT ROW(-1, OLD.location_id, OLD.division_id, OLD.term_id, OLD.status = 'ON_HOLD',
      i.section_id, i.title_id, i.status, i.fulfillment_type, i.fulfilled_at)::metric_item_change
    FROM order_items i WHERE i.order_id = OLD.id));
  RETURN OLD;
END
$$;--> statement-breakpoint
-- A section's start date moved: its items' on-time figure is recounted (the update holds the
-- section). Its course or term changed: what covers it and where its enrolment counts change,
-- so its facts are refreshed (0012 left a course change aside). Guarded: refresh_section_facts
-- updates sections itself, which fires this again with nothing changed.
CREATE FUNCTION metric_items_on_section_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF current_setting('csp.section_facts_deferred', true) IS DISTINCT FROM 'on' THEN
    ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.course_id, n.term_id, n.location_id)
        IS DISTINCT FROM (o.course_id, o.term_id, o.location_id));
    IF cardinality(ids) > 0 THEN PERFORM refresh_section_facts(ids); END IF;
  END IF;
  IF current_setting('csp.metric_summaries_deferred', true) IS DISTINCT FROM 'on' THEN
    ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.start_date IS DISTINCT FROM o.start_date);
    IF cardinality(ids) > 0 THEN PERFORM recount_metric_section_items(ids); END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- How a student wants a division's materials (the dashboard's preference kinds): DIGITAL and
-- OPT_OUT (NONE) from the preference; otherwise physical copies, picked up when the student's
-- shipping preference is blank, the column's default 'Pick up in store', or the name or code
-- of one of the store's shipping methods that does not ship to an address; shipped otherwise.
CREATE FUNCTION metric_preference_kind(store integer, wanted text, shipping text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN wanted = 'DIGITAL' THEN 'DIGITAL'
    WHEN wanted = 'OPT_OUT' THEN 'NONE'
    WHEN btrim(coalesce(shipping, '')) = '' OR lower(btrim(shipping)) = 'pick up in store'
      OR EXISTS (SELECT 1 FROM shipping_methods sm
        WHERE sm.location_id = store AND NOT sm.ships_to_address
          AND lower(btrim(shipping)) IN (lower(sm.name), lower(sm.code))) THEN 'PICKUP'
    ELSE 'SHIP'
  END
$$;--> statement-breakpoint
CREATE FUNCTION apply_metric_preference_changes(changes metric_preference_change[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO metric_preference_counts AS m (location_id, division_id, kind, preference_count)
  SELECT min(c.location_id), c.division_id, c.kind, sum(c.sign)::integer
  FROM unnest(changes) c
  WHERE c.division_id IS NOT NULL
  GROUP BY c.division_id, c.kind
  HAVING sum(c.sign) <> 0
  ORDER BY c.division_id, c.kind
  ON CONFLICT (division_id, kind) DO UPDATE SET
    preference_count = m.preference_count + excluded.preference_count;
$$;--> statement-breakpoint
-- Preferences written: their students are locked (shared, in id order) before their shipping
-- preference is read, as order items lock their orders. A preference whose student is already
-- gone was counted out by the student's delete trigger.
CREATE FUNCTION metric_preferences_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes metric_preference_change[];
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM students s WHERE s.id IN (SELECT student_id FROM new_rows)
      ORDER BY s.id FOR SHARE OF s;
    changes := ARRAY(
      SELECT ROW(1, n.location_id, n.division_id,
        metric_preference_kind(n.location_id, n.fulfillment, s.shipping_preference)
      )::metric_preference_change
      FROM new_rows n JOIN students s ON s.id = n.student_id
      WHERE n.division_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM students s WHERE s.id IN (SELECT student_id FROM old_rows)
      ORDER BY s.id FOR SHARE OF s;
    changes := ARRAY(
      SELECT ROW(-1, p.location_id, p.division_id,
        metric_preference_kind(p.location_id, p.fulfillment, s.shipping_preference)
      )::metric_preference_change
      FROM old_rows p JOIN students s ON s.id = p.student_id
      WHERE p.division_id IS NOT NULL);
  ELSE
    PERFORM 1 FROM students s
      WHERE s.id IN (SELECT student_id FROM new_rows UNION SELECT student_id FROM old_rows)
      ORDER BY s.id FOR SHARE OF s;
    changes := ARRAY(
      WITH moved AS (
        SELECT n.id FROM new_rows n JOIN old_rows p ON p.id = n.id
        WHERE (n.location_id, n.student_id, n.division_id, n.fulfillment)
          IS DISTINCT FROM (p.location_id, p.student_id, p.division_id, p.fulfillment)
      )
      SELECT ROW(x.sign, x.location_id, x.division_id,
        metric_preference_kind(x.location_id, x.fulfillment, s.shipping_preference)
      )::metric_preference_change
      FROM (
        SELECT 1 AS sign, n.location_id, n.division_id, n.fulfillment, n.student_id
        FROM new_rows n JOIN moved USING (id)
        UNION ALL
        SELECT -1, p.location_id, p.division_id, p.fulfillment, p.student_id
        FROM old_rows p JOIN moved USING (id)
      ) x JOIN students s ON s.id = x.student_id
      WHERE x.division_id IS NOT NULL);
  END IF;
  PERFORM apply_metric_preference_changes(changes);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A student's shipping preference changed: their preferences may move between pickup and ship.
CREATE FUNCTION metric_preferences_on_student_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM apply_metric_preference_changes(ARRAY(
    WITH moved AS (
      SELECT n.id, p.shipping_preference AS old_shipping, n.shipping_preference
      FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE n.shipping_preference IS DISTINCT FROM p.shipping_preference
    )
    SELECT ROW(-1, f.location_id, f.division_id,
      metric_preference_kind(f.location_id, f.fulfillment, m.old_shipping))::metric_preference_change
    FROM moved m JOIN fulfillment_preferences f ON f.student_id = m.id
    WHERE f.division_id IS NOT NULL
    UNION ALL
    SELECT ROW(1, f.location_id, f.division_id,
      metric_preference_kind(f.location_id, f.fulfillment, m.shipping_preference))::metric_preference_change
    FROM moved m JOIN fulfillment_preferences f ON f.student_id = m.id
    WHERE f.division_id IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A student deleted takes their preferences with them (ON DELETE CASCADE): counted out here,
-- while the student's shipping preference can still be read.
CREATE FUNCTION metric_preferences_on_student_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN OLD; END IF;
  PERFORM apply_metric_preference_changes(ARRAY(
    SELECT ROW(-1, f.location_id, f.division_id,
      metric_preference_kind(f.location_id, f.fulfillment, OLD.shipping_preference)
    )::metric_preference_change
    FROM fulfillment_preferences f WHERE f.student_id = OLD.id AND f.division_id IS NOT NULL));
  RETURN OLD;
END
$$;--> statement-breakpoint
-- A store's preference counts recounted from the base tables.
CREATE FUNCTION refresh_metric_preferences(store integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM metric_preference_counts WHERE location_id = store;
  INSERT INTO metric_preference_counts (location_id, division_id, kind, preference_count)
  SELECT store, k.division_id, k.kind, count(*)::integer
  FROM (
    SELECT f.division_id, metric_preference_kind(store, f.fulfillment, s.shipping_preference) AS kind
    FROM fulfillment_preferences f JOIN students s ON s.id = f.student_id
    WHERE f.location_id = store AND f.division_id IS NOT NULL
  ) k
  GROUP BY k.division_id, k.kind;
$$;--> statement-breakpoint
-- Shipping methods decide which shipping preferences mean pickup: a change recounts the store's
-- preferences. Rare (a store's settings), so it simply stops preference and student writers
-- for its transaction (they wait, or it waits for them) instead of locking rows.
CREATE FUNCTION metric_preferences_on_shipping_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  store integer;
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  LOCK TABLE students, fulfillment_preferences IN SHARE ROW EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    FOR store IN SELECT DISTINCT location_id FROM new_rows LOOP
      PERFORM refresh_metric_preferences(store);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR store IN SELECT DISTINCT location_id FROM old_rows LOOP
      PERFORM refresh_metric_preferences(store);
    END LOOP;
  ELSE
    FOR store IN
      SELECT n.location_id FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE (n.location_id, n.name, n.code, n.ships_to_address)
        IS DISTINCT FROM (p.location_id, p.name, p.code, p.ships_to_address)
      UNION
      SELECT p.location_id FROM new_rows n JOIN old_rows p ON p.id = n.id
      WHERE (n.location_id, n.name, n.code, n.ships_to_address)
        IS DISTINCT FROM (p.location_id, p.name, p.code, p.ships_to_address)
    LOOP
      PERFORM refresh_metric_preferences(store);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Every kept figure of a store rebuilt from the base tables: for bulk loads (the seeds), which
-- defer the triggers with csp.metric_summaries_deferred and call this once at the end, after
-- refresh_section_facts (whose required titles it reads). Not for a store taking orders: it
-- is a recount, not a delta, and takes no locks.
-- work_mem: the store's items are grouped in memory (a hash) rather than sorted on disk.
CREATE FUNCTION refresh_metric_summaries(store integer) RETURNS void LANGUAGE plpgsql
SET work_mem = '64MB' AS $$
BEGIN
  DELETE FROM metric_item_counts WHERE location_id = store;
  INSERT INTO metric_item_counts (location_id, division_id, term_id, section_id,
    item_count, fulfilled_count, pending_count, on_hold_count, cancelled_count, due_count,
    on_time_count, rent_new_count, rent_used_count, buy_new_count, buy_used_count, digital_count,
    required_bought_count)
  SELECT min(o.location_id), o.division_id, o.term_id, i.section_id,
    count(*) FILTER (WHERE i.status <> 'CANCELLED'),
    count(*) FILTER (WHERE i.status = 'FULFILLED'),
    count(*) FILTER (WHERE i.status NOT IN ('CANCELLED', 'FULFILLED') AND o.status <> 'ON_HOLD'),
    count(*) FILTER (WHERE i.status NOT IN ('CANCELLED', 'FULFILLED') AND o.status = 'ON_HOLD'),
    count(*) FILTER (WHERE i.status = 'CANCELLED'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.section_id IS NOT NULL),
    count(*) FILTER (WHERE i.status = 'FULFILLED'
      AND (i.fulfilled_at AT TIME ZONE 'UTC')::date <= s.start_date),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.fulfillment_type = 'RENT_NEW'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.fulfillment_type = 'RENT_USED'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.fulfillment_type = 'BUY_NEW'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.fulfillment_type = 'BUY_USED'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.fulfillment_type = 'DIGITAL'),
    count(*) FILTER (WHERE i.status <> 'CANCELLED' AND i.title_id = ANY (r.title_ids))
  FROM orders o
    JOIN order_items i ON i.order_id = o.id
    LEFT JOIN sections s ON s.id = i.section_id
    LEFT JOIN metric_section_requirements r ON r.section_id = i.section_id
  WHERE o.location_id = store AND o.term_id IS NOT NULL
  GROUP BY o.division_id, o.term_id, i.section_id;
  PERFORM refresh_metric_preferences(store);
END
$$;--> statement-breakpoint
-- One trigger per event (transition tables need single-event triggers); ENABLE ALWAYS so loads
-- under session_replication_role = replica are followed too (they defer and refresh instead).
CREATE TRIGGER order_items_metrics_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_items_on_item_change();--> statement-breakpoint
CREATE TRIGGER order_items_metrics_update AFTER UPDATE ON order_items REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_items_on_item_change();--> statement-breakpoint
CREATE TRIGGER order_items_metrics_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_items_on_item_change();--> statement-breakpoint
CREATE TRIGGER orders_metrics_update AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_items_on_order_update();--> statement-breakpoint
CREATE TRIGGER orders_metrics_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION metric_items_on_order_delete();--> statement-breakpoint
CREATE TRIGGER sections_metrics_update AFTER UPDATE ON sections REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_items_on_section_update();--> statement-breakpoint
CREATE TRIGGER fulfillment_preferences_metrics_insert AFTER INSERT ON fulfillment_preferences REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_change();--> statement-breakpoint
CREATE TRIGGER fulfillment_preferences_metrics_update AFTER UPDATE ON fulfillment_preferences REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_change();--> statement-breakpoint
CREATE TRIGGER fulfillment_preferences_metrics_delete AFTER DELETE ON fulfillment_preferences REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_change();--> statement-breakpoint
CREATE TRIGGER students_metrics_update AFTER UPDATE ON students REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_student_update();--> statement-breakpoint
CREATE TRIGGER students_metrics_delete BEFORE DELETE ON students FOR EACH ROW EXECUTE FUNCTION metric_preferences_on_student_delete();--> statement-breakpoint
CREATE TRIGGER shipping_methods_metrics_insert AFTER INSERT ON shipping_methods REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_shipping_change();--> statement-breakpoint
CREATE TRIGGER shipping_methods_metrics_update AFTER UPDATE ON shipping_methods REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_shipping_change();--> statement-breakpoint
CREATE TRIGGER shipping_methods_metrics_delete AFTER DELETE ON shipping_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_preferences_on_shipping_change();--> statement-breakpoint
ALTER TABLE order_items ENABLE ALWAYS TRIGGER order_items_metrics_insert;--> statement-breakpoint
ALTER TABLE order_items ENABLE ALWAYS TRIGGER order_items_metrics_update;--> statement-breakpoint
ALTER TABLE order_items ENABLE ALWAYS TRIGGER order_items_metrics_delete;--> statement-breakpoint
ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_metrics_update;--> statement-breakpoint
ALTER TABLE orders ENABLE ALWAYS TRIGGER orders_metrics_delete;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_metrics_update;--> statement-breakpoint
ALTER TABLE fulfillment_preferences ENABLE ALWAYS TRIGGER fulfillment_preferences_metrics_insert;--> statement-breakpoint
ALTER TABLE fulfillment_preferences ENABLE ALWAYS TRIGGER fulfillment_preferences_metrics_update;--> statement-breakpoint
ALTER TABLE fulfillment_preferences ENABLE ALWAYS TRIGGER fulfillment_preferences_metrics_delete;--> statement-breakpoint
ALTER TABLE students ENABLE ALWAYS TRIGGER students_metrics_update;--> statement-breakpoint
ALTER TABLE students ENABLE ALWAYS TRIGGER students_metrics_delete;--> statement-breakpoint
ALTER TABLE shipping_methods ENABLE ALWAYS TRIGGER shipping_methods_metrics_insert;--> statement-breakpoint
ALTER TABLE shipping_methods ENABLE ALWAYS TRIGGER shipping_methods_metrics_update;--> statement-breakpoint
ALTER TABLE shipping_methods ENABLE ALWAYS TRIGGER shipping_methods_metrics_delete;--> statement-breakpoint
-- The figures of the data already there: required titles with the section facts, then each
-- store's counts.
SELECT refresh_section_facts(ARRAY(SELECT id FROM sections));--> statement-breakpoint
SELECT refresh_metric_summaries(id) FROM locations;
