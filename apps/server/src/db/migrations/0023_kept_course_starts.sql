CREATE TABLE "course_start_counts" (
	"location_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"prev_start" date NOT NULL,
	"courses" integer NOT NULL,
	CONSTRAINT "course_start_counts_location_id_start_date_prev_start_pk" PRIMARY KEY("location_id","start_date","prev_start")
);
--> statement-breakpoint
CREATE TABLE "course_starts" (
	"location_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"prev_start" date NOT NULL,
	CONSTRAINT "course_starts_course_id_start_date_pk" PRIMARY KEY("course_id","start_date")
);
--> statement-breakpoint
ALTER TABLE "course_start_counts" ADD CONSTRAINT "course_start_counts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_starts" ADD CONSTRAINT "course_starts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_starts" ADD CONSTRAINT "course_starts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_starts_window_idx" ON "course_starts" USING btree ("location_id","start_date","course_id","prev_start");--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_dates_ck" CHECK ("sections"."end_date" >= "sections"."start_date");--> statement-breakpoint
-- The catalog's default view from kept starts (issue 26, ADR 0032): each course's distinct
-- section start dates, each with the one before it, and how many courses share each pair. The
-- sections' triggers recompute the rows of the courses a statement touched, in that statement's
-- transaction. Writers of one store take turns on an advisory lock (imports already do, under
-- 'csp:data-import'), so the shared count rows are never updated in two orders at once.
INSERT INTO course_starts (location_id, course_id, start_date, prev_start)
SELECT location_id, course_id, start_date,
  coalesce(lag(start_date) OVER (PARTITION BY course_id ORDER BY start_date), '-infinity')
FROM (SELECT DISTINCT location_id, course_id, start_date FROM sections) s;--> statement-breakpoint
INSERT INTO course_start_counts (location_id, start_date, prev_start, courses)
SELECT location_id, start_date, prev_start, count(*) FROM course_starts GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION refresh_course_starts(course_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF course_ids IS NULL OR cardinality(course_ids) = 0 THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('csp:course-starts'), l.location_id)
  FROM (SELECT DISTINCT location_id FROM courses WHERE id = ANY(course_ids) ORDER BY 1) l;
  WITH gone AS (
    DELETE FROM course_starts WHERE course_id = ANY(course_ids)
    RETURNING location_id, start_date, prev_start
  ), lost AS (
    SELECT location_id, start_date, prev_start, count(*)::integer AS n FROM gone GROUP BY 1, 2, 3
  )
  UPDATE course_start_counts c SET courses = c.courses - lost.n
  FROM lost
  WHERE c.location_id = lost.location_id AND c.start_date = lost.start_date
    AND c.prev_start = lost.prev_start;
  WITH made AS (
    INSERT INTO course_starts (location_id, course_id, start_date, prev_start)
    SELECT location_id, course_id, start_date,
      coalesce(lag(start_date) OVER (PARTITION BY course_id ORDER BY start_date), '-infinity')
    FROM (SELECT DISTINCT location_id, course_id, start_date FROM sections
          WHERE course_id = ANY(course_ids)) s
    RETURNING location_id, start_date, prev_start
  )
  INSERT INTO course_start_counts AS c (location_id, start_date, prev_start, courses)
  SELECT location_id, start_date, prev_start, count(*) FROM made GROUP BY 1, 2, 3
  ON CONFLICT (location_id, start_date, prev_start)
  DO UPDATE SET courses = c.courses + excluded.courses;
  DELETE FROM course_start_counts
  WHERE courses = 0
    AND location_id IN (SELECT location_id FROM courses WHERE id = ANY(course_ids));
END
$$;--> statement-breakpoint
CREATE FUNCTION course_starts_on_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_course_starts(ARRAY(SELECT DISTINCT course_id FROM new_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION course_starts_on_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_course_starts(ARRAY(SELECT DISTINCT course_id FROM old_rows));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A section's start moved or the section moved to another course: a row trigger, so the many
-- updates of sections' other columns (their kept facts) never run it.
CREATE FUNCTION course_starts_on_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_course_starts(ARRAY[OLD.course_id, NEW.course_id]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sections_course_starts_insert AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION course_starts_on_insert();--> statement-breakpoint
CREATE TRIGGER sections_course_starts_delete AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION course_starts_on_delete();--> statement-breakpoint
CREATE TRIGGER sections_course_starts_move AFTER UPDATE OF start_date, course_id ON sections FOR EACH ROW WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.course_id IS DISTINCT FROM NEW.course_id) EXECUTE FUNCTION course_starts_on_move();--> statement-breakpoint
-- ENABLE ALWAYS: the large seed loads sections under session_replication_role = replica.
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_course_starts_insert;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_course_starts_delete;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_course_starts_move;
