ALTER TABLE "department_term_sections" ADD COLUMN "adopted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_term_sections" ADD COLUMN "no_text_required" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_term_sections" ADD COLUMN "never_adopted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_term_sections" ADD COLUMN "adopted_late" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each department's adoption progress per term, kept beside its sections (issue 26): the
-- adoption progress summary counted every section of the terms not yet ended on each call
-- (about 30,000 in the large store). The counts follow each section's kept coverage facts
-- (has_text, has_ntr, first_adopted_at: migrations 0012 and 0034) and its term's adoption
-- deadline (late: first adopted after it, by deadline-status-sql.ts's rule). One statement
-- trigger per change of the sections (insert, delete, and any update, which subtracts the old
-- rows' part and adds the new rows', replacing 0042's row trigger for moves), one row trigger
-- when a course changes department and one when a term's deadline changes. The counts move by
-- deltas (x = x + d), on the kept rows locked in key order first.
CREATE TYPE department_term_section_part AS (
  sign integer, department_id integer, term_id integer, has_text boolean, has_ntr boolean,
  first_adopted_at timestamp with time zone
);--> statement-breakpoint
CREATE FUNCTION apply_department_term_parts(parts department_term_section_part[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Locked first, in key order, so two writers never deadlock on the kept rows; the deadline
  -- below is read after the lock, by a statement of its own (so a deadline change that held
  -- these rows is seen: see department_term_sections_on_deadline).
  PERFORM 1 FROM department_term_sections k
  WHERE (k.department_id, k.term_id) IN (SELECT p.department_id, p.term_id FROM unnest(parts) p)
  ORDER BY k.department_id, k.term_id FOR NO KEY UPDATE;
  INSERT INTO department_term_sections AS k (department_id, term_id, sections, adopted,
    no_text_required, never_adopted, adopted_late)
  SELECT d.department_id, d.term_id, d.sections, d.adopted, d.no_text_required,
    d.never_adopted, d.adopted_late
  FROM (
    SELECT p.department_id, p.term_id,
      sum(p.sign)::integer AS sections,
      sum(p.sign * p.has_text::integer)::integer AS adopted,
      sum(p.sign * (p.has_ntr AND NOT p.has_text)::integer)::integer AS no_text_required,
      sum(p.sign * (p.first_adopted_at IS NULL)::integer)::integer AS never_adopted,
      sum(p.sign * coalesce(p.first_adopted_at
        >= ((t.adoption_deadline + 1)::timestamp AT TIME ZONE 'UTC'), false)::integer)::integer
        AS adopted_late
    FROM unnest(parts) p JOIN terms t ON t.id = p.term_id
    GROUP BY p.department_id, p.term_id
  ) d
  WHERE (d.sections, d.adopted, d.no_text_required, d.never_adopted, d.adopted_late)
    <> (0, 0, 0, 0, 0)
  ORDER BY d.department_id, d.term_id
  ON CONFLICT (department_id, term_id) DO UPDATE SET
    sections = k.sections + excluded.sections,
    adopted = k.adopted + excluded.adopted,
    no_text_required = k.no_text_required + excluded.no_text_required,
    never_adopted = k.never_adopted + excluded.never_adopted,
    adopted_late = k.adopted_late + excluded.adopted_late;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_term_section_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  parts department_term_section_part[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    parts := ARRAY(SELECT ROW(1, c.department_id, n.term_id, n.has_text, n.has_ntr,
        n.first_adopted_at)::department_term_section_part
      FROM new_rows n JOIN courses c ON c.id = n.course_id);
  ELSIF TG_OP = 'DELETE' THEN
    parts := ARRAY(SELECT ROW(-1, c.department_id, o.term_id, o.has_text, o.has_ntr,
        o.first_adopted_at)::department_term_section_part
      FROM old_rows o JOIN courses c ON c.id = o.course_id);
  ELSE
    -- Only the rows whose counted columns changed: most updates (enrolments, costs) move none.
    parts := ARRAY(SELECT v.part
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        JOIN courses oc ON oc.id = o.course_id JOIN courses nc ON nc.id = n.course_id
        CROSS JOIN LATERAL (VALUES
          (ROW(-1, oc.department_id, o.term_id, o.has_text, o.has_ntr,
            o.first_adopted_at)::department_term_section_part),
          (ROW(1, nc.department_id, n.term_id, n.has_text, n.has_ntr,
            n.first_adopted_at)::department_term_section_part)) v(part)
      WHERE (oc.department_id, o.term_id, o.has_text, o.has_ntr, o.first_adopted_at)
        IS DISTINCT FROM (nc.department_id, n.term_id, n.has_text, n.has_ntr, n.first_adopted_at));
  END IF;
  IF cardinality(parts) > 0 THEN PERFORM apply_department_term_parts(parts); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION department_term_sections_on_course_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_department_term_parts(ARRAY(
    SELECT ROW(v.sign, v.department_id, s.term_id, s.has_text, s.has_ntr,
      s.first_adopted_at)::department_term_section_part
    FROM sections s
      CROSS JOIN (VALUES (-1, OLD.department_id), (1, NEW.department_id)) v(sign, department_id)
    WHERE s.course_id = NEW.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A term's deadline changed: its late counts are counted again. The kept rows are locked first
-- and counted by a statement of their own, so a section adopted meanwhile is either seen by the
-- count (it committed first) or counted by its own trigger against the new deadline (it waited
-- for these rows).
CREATE FUNCTION department_term_sections_on_deadline() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM department_term_sections k WHERE k.term_id = NEW.id
  ORDER BY k.department_id FOR NO KEY UPDATE;
  UPDATE department_term_sections k SET adopted_late = coalesce(l.late, 0)
  FROM department_term_sections k0
    LEFT JOIN (
      SELECT c.department_id, count(*)::integer AS late
      FROM sections s JOIN courses c ON c.id = s.course_id
      WHERE s.term_id = NEW.id
        AND s.first_adopted_at >= ((NEW.adoption_deadline + 1)::timestamp AT TIME ZONE 'UTC')
      GROUP BY c.department_id
    ) l ON l.department_id = k0.department_id
  WHERE k0.term_id = NEW.id AND k.term_id = k0.term_id AND k.department_id = k0.department_id
    AND k.adopted_late IS DISTINCT FROM coalesce(l.late, 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER sections_department_count_update ON sections;--> statement-breakpoint
DROP FUNCTION department_term_section_on_move();--> statement-breakpoint
DROP FUNCTION move_department_term_sections(integer, integer, integer, integer, integer);--> statement-breakpoint
CREATE TRIGGER sections_department_count_change AFTER UPDATE ON sections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION department_term_section_counts();--> statement-breakpoint
CREATE TRIGGER terms_department_late_count AFTER UPDATE OF adoption_deadline ON terms FOR EACH ROW WHEN (OLD.adoption_deadline IS DISTINCT FROM NEW.adoption_deadline) EXECUTE FUNCTION department_term_sections_on_deadline();--> statement-breakpoint
ALTER TABLE sections ENABLE ALWAYS TRIGGER sections_department_count_change;--> statement-breakpoint
ALTER TABLE terms ENABLE ALWAYS TRIGGER terms_department_late_count;--> statement-breakpoint
-- The figures of the sections already there.
UPDATE department_term_sections k SET
  adopted = f.adopted, no_text_required = f.no_text_required,
  never_adopted = f.never_adopted, adopted_late = f.adopted_late
FROM (
  SELECT c.department_id, s.term_id,
    count(*) FILTER (WHERE s.has_text)::integer AS adopted,
    count(*) FILTER (WHERE s.has_ntr AND NOT s.has_text)::integer AS no_text_required,
    count(*) FILTER (WHERE s.first_adopted_at IS NULL)::integer AS never_adopted,
    count(*) FILTER (WHERE s.first_adopted_at
      >= ((t.adoption_deadline + 1)::timestamp AT TIME ZONE 'UTC'))::integer AS adopted_late
  FROM sections s JOIN courses c ON c.id = s.course_id JOIN terms t ON t.id = s.term_id
  GROUP BY 1, 2
) f
WHERE k.department_id = f.department_id AND k.term_id = f.term_id;
