CREATE TABLE "department_term_sections" (
	"department_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"sections" integer NOT NULL,
	CONSTRAINT "department_term_sections_department_id_term_id_pk" PRIMARY KEY("department_id","term_id")
);
--> statement-breakpoint
ALTER TABLE "department_term_sections" ADD CONSTRAINT "department_term_sections_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_term_sections" ADD CONSTRAINT "department_term_sections_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each department's sections per term, kept (issue 26): the department contacts list counted a
-- department's sections in the terms not yet ended on every call, so its page cost grew with the
-- store's sections. The sections' statement triggers add what each statement inserted or
-- deleted (the kept rows locked in key order first, as migration 0022 does for terms); row
-- triggers move the counts when a section changes course or term, or a course changes
-- department. ENABLE ALWAYS: the large seed loads sections under session_replication_role =
-- replica.
INSERT INTO "department_term_sections" (department_id, term_id, sections)
SELECT c.department_id, s.term_id, count(*)::integer
FROM sections s JOIN courses c ON c.id = s.course_id
GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION department_term_section_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO department_term_sections AS k (department_id, term_id, sections)
    SELECT c.department_id, n.term_id, count(*)::integer
    FROM new_rows n JOIN courses c ON c.id = n.course_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (department_id, term_id) DO UPDATE SET sections = k.sections + excluded.sections;
  ELSE
    PERFORM 1 FROM department_term_sections k
    WHERE (k.department_id, k.term_id) IN (
      SELECT c.department_id, o.term_id FROM old_rows o JOIN courses c ON c.id = o.course_id)
    ORDER BY k.department_id, k.term_id FOR NO KEY UPDATE;
    UPDATE department_term_sections k SET sections = k.sections - d.n
    FROM (SELECT c.department_id, o.term_id, count(*)::integer AS n
          FROM old_rows o JOIN courses c ON c.id = o.course_id GROUP BY 1, 2) d
    WHERE k.department_id = d.department_id AND k.term_id = d.term_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION move_department_term_sections(
  from_department integer, from_term integer, to_department integer, to_term integer, n integer
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE department_term_sections SET sections = sections - n
  WHERE department_id = from_department AND term_id = from_term;
  INSERT INTO department_term_sections AS k (department_id, term_id, sections)
  VALUES (to_department, to_term, n)
  ON CONFLICT (department_id, term_id) DO UPDATE SET sections = k.sections + excluded.sections;
END
$$;--> statement-breakpoint
CREATE FUNCTION department_term_section_on_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM move_department_term_sections(
    (SELECT department_id FROM courses WHERE id = OLD.course_id), OLD.term_id,
    (SELECT department_id FROM courses WHERE id = NEW.course_id), NEW.term_id, 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION department_term_sections_on_course_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM move_department_term_sections(OLD.department_id, s.term_id, NEW.department_id,
    s.term_id, s.n)
  FROM (SELECT term_id, count(*)::integer AS n FROM sections WHERE course_id = NEW.id
        GROUP BY term_id ORDER BY term_id) s;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sections_department_count_insert AFTER INSERT ON sections REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_term_section_counts();--> statement-breakpoint
CREATE TRIGGER sections_department_count_delete AFTER DELETE ON sections REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION department_term_section_counts();--> statement-breakpoint
CREATE TRIGGER sections_department_count_update AFTER UPDATE OF course_id, term_id ON sections FOR EACH ROW WHEN (OLD.course_id IS DISTINCT FROM NEW.course_id OR OLD.term_id IS DISTINCT FROM NEW.term_id) EXECUTE FUNCTION department_term_section_on_move();--> statement-breakpoint
CREATE TRIGGER courses_department_count_update AFTER UPDATE OF department_id ON courses FOR EACH ROW WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id) EXECUTE FUNCTION department_term_sections_on_course_move();--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_department_count_insert;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_department_count_delete;--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_department_count_update;--> statement-breakpoint
ALTER TABLE courses ENABLE ALWAYS TRIGGER courses_department_count_update;
