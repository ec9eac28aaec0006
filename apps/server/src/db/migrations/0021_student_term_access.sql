CREATE TABLE "student_term_access" (
	"term_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"required_count" integer DEFAULT 0 NOT NULL,
	"not_ordered_count" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"fulfilled_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "student_term_access_term_id_student_id_pk" PRIMARY KEY("term_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_term_access" ADD CONSTRAINT "student_term_access_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_term_access" ADD CONSTRAINT "student_term_access_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_term_access" ADD CONSTRAINT "student_term_access_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_term_access_student_idx" ON "student_term_access" USING btree ("student_id");--> statement-breakpoint-- Kept access figures (ADR 0031): what each student has of the required titles of their
-- sections, per term, recomputed for the students a statement touched, in that statement.
-- A section's required titles are the ones refresh_section_facts keeps in
-- metric_section_requirements (coverage-sql.ts's rule); a title counts once per student and
-- term, by what the student has of it in an order not cancelled: fulfilled, else pending, else
-- not ordered. The students' rows are locked first, in id order: a concurrent writer for the
-- same student waits, then recomputes from a snapshot that holds the first one's change.
CREATE FUNCTION refresh_student_access(student_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := ARRAY(
    SELECT DISTINCT u.id FROM unnest(student_ids) AS u(id) WHERE u.id IS NOT NULL ORDER BY u.id);
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM students WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;
  WITH wanted_students AS (
    SELECT u.id FROM unnest(ids) AS u(id)
  ),
  required AS (
    SELECT DISTINCT e.student_id, q.term_id, q.location_id, t.title_id
    FROM wanted_students w
      JOIN enrollments e ON e.student_id = w.id
      JOIN metric_section_requirements q ON q.section_id = e.section_id
      CROSS JOIN LATERAL unnest(q.title_ids) AS t(title_id)
  ),
  held AS (
    SELECT o.student_id, oi.title_id,
      bool_or(oi.status = 'FULFILLED') AS fulfilled, bool_or(oi.status = 'PENDING') AS pending
    FROM wanted_students w
      JOIN orders o ON o.student_id = w.id AND o.status <> 'CANCELLED'
      JOIN order_items oi ON oi.order_id = o.id AND oi.status IN ('FULFILLED', 'PENDING')
    GROUP BY o.student_id, oi.title_id
  ),
  wanted AS (
    SELECT r.term_id, r.student_id, min(r.location_id) AS location_id,
      count(*) AS required_count,
      count(*) FILTER (WHERE NOT coalesce(h.fulfilled, false)
        AND NOT coalesce(h.pending, false)) AS not_ordered_count,
      count(*) FILTER (WHERE NOT coalesce(h.fulfilled, false) AND h.pending) AS pending_count,
      count(*) FILTER (WHERE h.fulfilled) AS fulfilled_count
    FROM required r
      LEFT JOIN held h ON h.student_id = r.student_id AND h.title_id = r.title_id
    GROUP BY r.term_id, r.student_id
  ),
  dropped AS (
    DELETE FROM student_term_access a
    WHERE a.student_id = ANY(ids)
      AND NOT EXISTS (SELECT 1 FROM wanted w
                      WHERE w.term_id = a.term_id AND w.student_id = a.student_id)
  )
  INSERT INTO student_term_access AS a (term_id, student_id, location_id, required_count,
    not_ordered_count, pending_count, fulfilled_count)
  SELECT w.term_id, w.student_id, w.location_id, w.required_count, w.not_ordered_count,
    w.pending_count, w.fulfilled_count
  FROM wanted w
  ORDER BY w.term_id, w.student_id
  ON CONFLICT (term_id, student_id) DO UPDATE SET
    location_id = excluded.location_id, required_count = excluded.required_count,
    not_ordered_count = excluded.not_ordered_count, pending_count = excluded.pending_count,
    fulfilled_count = excluded.fulfilled_count
  WHERE (a.location_id, a.required_count, a.not_ordered_count, a.pending_count,
      a.fulfilled_count)
    IS DISTINCT FROM (excluded.location_id, excluded.required_count,
      excluded.not_ordered_count, excluded.pending_count, excluded.fulfilled_count);
END
$$;--> statement-breakpoint
-- Every student of a store, as the seeds rebuild it after loading with the triggers deferred.
CREATE FUNCTION refresh_store_student_access(store_id integer) RETURNS void
LANGUAGE sql AS $$
  SELECT refresh_student_access(ARRAY(SELECT id FROM students WHERE location_id = store_id));
$$;--> statement-breakpoint
-- Enrolments: the students enrolled or unenrolled.
CREATE FUNCTION student_access_on_enrollment_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_student_access(ARRAY(SELECT student_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_student_access(ARRAY(SELECT student_id FROM old_rows));
  ELSE
    PERFORM refresh_student_access(ARRAY(
      SELECT student_id FROM new_rows UNION SELECT student_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A section's required titles or term changed (refresh_section_facts): its students.
CREATE FUNCTION student_access_on_requirement_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_student_access(ARRAY(
      SELECT e.student_id FROM new_rows n JOIN enrollments e ON e.section_id = n.section_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_student_access(ARRAY(
      SELECT e.student_id FROM old_rows o JOIN enrollments e ON e.section_id = o.section_id));
  ELSE
    PERFORM refresh_student_access(ARRAY(
      SELECT e.student_id FROM new_rows n
        JOIN old_rows o ON o.section_id = n.section_id
        JOIN enrollments e ON e.section_id = n.section_id
      WHERE (n.title_ids, n.term_id) IS DISTINCT FROM (o.title_ids, o.term_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Order items: the students of their orders (an update only when its status, title or order
-- moved; an item of a deleted order is its order's trigger's).
CREATE FUNCTION student_access_on_item_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_student_access(ARRAY(
      SELECT o.student_id FROM new_rows n JOIN orders o ON o.id = n.order_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_student_access(ARRAY(
      SELECT o.student_id FROM old_rows x JOIN orders o ON o.id = x.order_id));
  ELSE
    PERFORM refresh_student_access(ARRAY(
      SELECT o.student_id
      FROM new_rows n JOIN old_rows x ON x.id = n.id
        JOIN orders o ON o.id = n.order_id OR o.id = x.order_id
      WHERE (n.status, n.title_id, n.order_id) IS DISTINCT FROM (x.status, x.title_id, x.order_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Orders: a status or student that moved, and deleted orders (their items go with them).
CREATE FUNCTION student_access_on_order_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('csp.metric_summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_student_access(ARRAY(SELECT student_id FROM old_rows));
  ELSE
    PERFORM refresh_student_access(ARRAY(
      SELECT u.student_id
      FROM new_rows n JOIN old_rows x ON x.id = n.id
        CROSS JOIN LATERAL (VALUES (n.student_id), (x.student_id)) AS u(student_id)
      WHERE (n.status, n.student_id) IS DISTINCT FROM (x.status, x.student_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER enrollments_access_insert AFTER INSERT ON enrollments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_enrollment_change();--> statement-breakpoint
CREATE TRIGGER enrollments_access_update AFTER UPDATE ON enrollments REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_enrollment_change();--> statement-breakpoint
CREATE TRIGGER enrollments_access_delete AFTER DELETE ON enrollments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_enrollment_change();--> statement-breakpoint
CREATE TRIGGER metric_section_requirements_access_insert AFTER INSERT ON metric_section_requirements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_requirement_change();--> statement-breakpoint
CREATE TRIGGER metric_section_requirements_access_update AFTER UPDATE ON metric_section_requirements REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_requirement_change();--> statement-breakpoint
CREATE TRIGGER metric_section_requirements_access_delete AFTER DELETE ON metric_section_requirements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_requirement_change();--> statement-breakpoint
CREATE TRIGGER order_items_access_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_item_change();--> statement-breakpoint
CREATE TRIGGER order_items_access_update AFTER UPDATE ON order_items REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_item_change();--> statement-breakpoint
CREATE TRIGGER order_items_access_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_item_change();--> statement-breakpoint
CREATE TRIGGER orders_access_update AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_order_change();--> statement-breakpoint
CREATE TRIGGER orders_access_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION student_access_on_order_change();--> statement-breakpoint
-- Figures for the students already there.
SELECT refresh_student_access(ARRAY(SELECT id FROM students));
