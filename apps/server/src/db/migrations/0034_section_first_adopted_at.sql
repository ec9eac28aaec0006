ALTER TABLE "sections" ADD COLUMN "first_adopted_at" timestamp with time zone;--> statement-breakpoint
-- Issue 30: each section keeps when the earliest adoption still covering it was submitted
-- (first_adopted_at), beside its other coverage facts and by the same coverage rule, so a
-- term's adoption deadline is measured against a column. refresh_section_facts is 0014's,
-- with that one fact added; then every section's facts are refreshed once.
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
    first_adopted_at = f.first_adopted_at, professor_names = f.professor_names
  FROM (
    SELECT t.id,
      (SELECT count(*)::integer FROM enrollments e WHERE e.section_id = t.id) AS enrollment_count,
      cover.listing_count, cover.has_ntr, cover.has_text, cover.needs_response,
      cover.first_adopted_at,
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
          coalesce(bool_or(a.messaging_status = 'RESPONSE_REQUIRED'), false) AS needs_response,
          min(a.created_at) AS first_adopted_at
        FROM (
          SELECT am.id, am.no_text_required, am.messaging_status, am.created_at
          FROM adoption_material_sections ams
            JOIN adoption_materials am ON am.id = ams.adoption_material_id
          WHERE ams.section_id = t.id AND NOT ams.removed AND am.active
          UNION
          SELECT am.id, am.no_text_required, am.messaging_status, am.created_at
          FROM adoption_materials am
          WHERE am.course_id = t.course_id AND am.adoption_type = 'AUTO_ADOPTION' AND am.active
            AND am.location_id = t.location_id
        ) a
      ) cover
  ) f
  WHERE s.id = f.id
    AND (s.enrollment_count, s.listing_count, s.has_ntr, s.has_text, s.needs_response,
      s.first_adopted_at, s.professor_names)
      IS DISTINCT FROM (f.enrollment_count, f.listing_count, f.has_ntr, f.has_text,
        f.needs_response, f.first_adopted_at, f.professor_names);
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
SELECT refresh_section_facts(ARRAY(SELECT id FROM sections));
