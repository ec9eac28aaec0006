-- Issue 31, point 2 (docs/behaviour/flows.md#cost-transparency): each section keeps what its
-- required materials cost a student and the designation that makes (ZTC, LTC or none, with
-- the reason), beside its other coverage facts and by the same coverage rule, in the same
-- statement as every change of adoptions, their sections, titles' kinds and prices, and the
-- store's thresholds.
-- A new section no adoption covers yet reads as section_cost makes it, before any refresh.
ALTER TABLE "sections" ALTER COLUMN "cost_reason" SET DEFAULT 'No adoption yet';--> statement-breakpoint
-- A title repriced or of another kind: its adoptions, whose sections' costs follow.
CREATE INDEX "adoption_materials_title_idx" ON "adoption_materials" USING btree ("title_id");--> statement-breakpoint
-- The words a reason names a kind with: MATERIAL_KIND_LABELS of the contracts
-- (cost-transparency.ts; a test holds the two to each other).
CREATE FUNCTION material_kind_label(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'COMMERCIAL_PRINT' THEN 'Commercial print'
    WHEN 'COMMERCIAL_DIGITAL' THEN 'Commercial digital'
    WHEN 'INCLUSIVE_ACCESS' THEN 'Inclusive access'
    WHEN 'OER' THEN 'Open educational resource'
    WHEN 'LIBRARY_LICENSED' THEN 'Library-licensed'
    WHEN 'FREE' THEN 'Free to students'
    ELSE kind END
$$;--> statement-breakpoint
-- Cents as a reason shows them: $1,234.50 (fixed separators, whatever the server's locale).
CREATE FUNCTION cost_dollars(cents bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '$' || to_char(cents / 100.0, 'FM999,999,999,990.00')
$$;--> statement-breakpoint
-- Every cost rule, in one place: what each section's required materials cost at the cheapest
-- and the dearest way the store offers each, its designation and the reason.
-- - Materials: the active adoptions covering the section (coverage-sql.ts's rule); only the
--   required ones count, an optional one never does. No adoption at all: NONE, unknown cost.
-- - A material's kind: the adoption's, else inclusive access when the adopter answered the
--   wizard's "Inclusive access?" yes, else its title's, else COMMERCIAL_PRINT (a proposed
--   title with no kind chosen, which then has no price). No text required, OER and FREE cost
--   nothing; LIBRARY_LICENSED nothing when the store counts it as zero, else it is priced like
--   a bought title; INCLUSIVE_ACCESS its digital price (else the new price); a bought title
--   the least and the most of its positive prices new, used, rental and digital (0 or null:
--   not known or not offered that way). A paid material without a price makes the section's
--   cost unknown (null) and its designation NONE, naming it.
-- - ZTC: every required material costs nothing (none at all counts). LTC: otherwise, the sum
--   at the cheapest is at most the store's threshold. The reason names the dearest material at
--   its cheapest (LTC) or the sum over the threshold (NONE).
-- Sections sharing an adoption each count it in full: each student of each section buys it.
CREATE FUNCTION section_cost(section_ids integer[])
RETURNS TABLE (section_id integer, low_cents integer, high_cents integer, designation text,
  reason text)
LANGUAGE sql STABLE AS $$
  SELECT t.id,
    CASE WHEN m.adoptions > 0 AND m.unknown = 0 THEN m.low::integer END,
    CASE WHEN m.adoptions > 0 AND m.unknown = 0 THEN m.high::integer END,
    CASE
      WHEN m.adoptions = 0 OR m.unknown > 0 THEN 'NONE'
      WHEN m.low = 0 THEN 'ZTC'
      WHEN m.low <= l.ltc_threshold_cents THEN 'LTC'
      ELSE 'NONE' END,
    CASE
      WHEN m.adoptions = 0 THEN 'No adoption yet'
      WHEN m.unknown > 0 THEN 'No price for ' || m.unpriced
      WHEN m.low = 0 THEN ''
      WHEN m.low <= l.ltc_threshold_cents
        THEN m.dearest || ' costs ' || cost_dollars(m.dearest_low) || ' at the cheapest'
      ELSE 'Required materials cost ' || cost_dollars(m.low) || ' at the cheapest, over the '
        || cost_dollars(l.ltc_threshold_cents) || ' low-cost threshold' END
  FROM (SELECT DISTINCT id FROM unnest(section_ids) AS u(id)) u
    JOIN sections t ON t.id = u.id
    JOIN locations l ON l.id = t.location_id
    CROSS JOIN LATERAL (
      SELECT count(*) AS adoptions,
        count(*) FILTER (WHERE p.required AND p.low IS NULL) AS unknown,
        coalesce(sum(p.low) FILTER (WHERE p.required), 0) AS low,
        coalesce(sum(p.high) FILTER (WHERE p.required), 0) AS high,
        (array_agg(p.name ORDER BY p.name, p.id)
          FILTER (WHERE p.required AND p.low IS NULL))[1] AS unpriced,
        (array_agg(p.label ORDER BY p.low DESC, p.label, p.id)
          FILTER (WHERE p.required AND p.low > 0))[1] AS dearest,
        max(p.low) FILTER (WHERE p.required) AS dearest_low
      FROM (
        SELECT a.id, a.required, price.low, price.high, name.name,
          name.name || ' (' || material_kind_label(kind.kind) || ')' AS label
        FROM (
          SELECT am.id, am.required, am.no_text_required, am.material_kind, am.ia, am.title_id,
            am.proposed_title_id
          FROM adoption_material_sections ams
            JOIN adoption_materials am ON am.id = ams.adoption_material_id
          WHERE ams.section_id = t.id AND NOT ams.removed AND am.active
          UNION
          SELECT am.id, am.required, am.no_text_required, am.material_kind, am.ia, am.title_id,
            am.proposed_title_id
          FROM adoption_materials am
          WHERE am.course_id = t.course_id AND am.adoption_type = 'AUTO_ADOPTION' AND am.active
            AND am.location_id = t.location_id
        ) a
          LEFT JOIN titles ti ON ti.id = a.title_id
          LEFT JOIN proposed_titles pt ON pt.id = a.proposed_title_id
          CROSS JOIN LATERAL (
            -- The wizard's "Inclusive access?" answered yes bills the material through the
            -- student's account, whatever the title's kind: priced as inclusive access.
            SELECT coalesce(a.material_kind, CASE WHEN a.ia THEN 'INCLUSIVE_ACCESS' END,
              ti.material_kind, 'COMMERCIAL_PRINT') AS kind
          ) kind
          CROSS JOIN LATERAL (
            SELECT coalesce(ti.description, pt.description, 'a material') AS name
          ) name
          CROSS JOIN LATERAL (
            -- Each way offered, only at a positive price (0 is an unknown list price).
            SELECT CASE WHEN ti.list_price_cents > 0 THEN ti.list_price_cents END AS new,
              CASE WHEN ti.used_price_cents > 0 THEN ti.used_price_cents END AS used,
              CASE WHEN ti.rental_price_cents > 0 THEN ti.rental_price_cents END AS rental,
              CASE WHEN ti.digital_price_cents > 0 THEN ti.digital_price_cents END AS digital
          ) way
          CROSS JOIN LATERAL (
            SELECT
              CASE
                WHEN a.no_text_required OR kind.kind IN ('OER', 'FREE')
                  OR (kind.kind = 'LIBRARY_LICENSED' AND l.library_licensed_is_zero) THEN 0
                WHEN kind.kind = 'INCLUSIVE_ACCESS' THEN coalesce(way.digital, way.new)
                ELSE least(way.new, way.used, way.rental, way.digital) END AS low,
              CASE
                WHEN a.no_text_required OR kind.kind IN ('OER', 'FREE')
                  OR (kind.kind = 'LIBRARY_LICENSED' AND l.library_licensed_is_zero) THEN 0
                WHEN kind.kind = 'INCLUSIVE_ACCESS' THEN coalesce(way.digital, way.new)
                ELSE greatest(way.new, way.used, way.rental, way.digital) END AS high
          ) price
      ) p
    ) m
$$;--> statement-breakpoint
-- refresh_section_facts is 0034's, with the cost columns kept from section_cost in the same
-- UPDATE (one new row version a section, and only where a figure changed).
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
    first_adopted_at = f.first_adopted_at, professor_names = f.professor_names,
    required_cost_low_cents = f.low_cents, required_cost_high_cents = f.high_cents,
    cost_designation = f.designation, cost_reason = f.reason
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
      ), '') AS professor_names,
      cost.low_cents, cost.high_cents, cost.designation, cost.reason
    -- A join on the unnested ids, not `= ANY (array)`: a seed's statement passes thousands
    -- of ids, and ANY would test each against every section.
    FROM unnest(section_ids) AS u(id)
      JOIN sections t ON t.id = u.id
      JOIN section_cost(section_ids) cost ON cost.section_id = t.id
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
      s.first_adopted_at, s.professor_names, s.required_cost_low_cents,
      s.required_cost_high_cents, s.cost_designation, s.cost_reason)
      IS DISTINCT FROM (f.enrollment_count, f.listing_count, f.has_ntr, f.has_text,
        f.needs_response, f.first_adopted_at, f.professor_names, f.low_cents, f.high_cents,
        f.designation, f.reason);
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
-- As in 0014, and an adoption's material kind now matters too (its sections' cost).
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
            n.required, n.title_id, n.proposed_title_id, n.material_kind, n.ia)
          IS DISTINCT FROM (o.active, o.no_text_required, o.messaging_status, o.adoption_type,
            o.course_id, o.required, o.title_id, o.proposed_title_id, o.material_kind, o.ia)
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
-- Only the cost columns of these sections, for a change that moves no other fact
-- refresh_section_facts keeps (a title's price or kind, a store's threshold): a store-wide
-- threshold change then costs the cost rule alone, not every section's enrolment and coverage
-- recount. It locks as refresh_section_facts does.
CREATE FUNCTION refresh_section_costs(section_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM sections s JOIN unnest(section_ids) AS u(id) ON s.id = u.id
    ORDER BY s.id FOR UPDATE OF s;
  UPDATE sections s SET
    required_cost_low_cents = c.low_cents, required_cost_high_cents = c.high_cents,
    cost_designation = c.designation, cost_reason = c.reason
  FROM section_cost(section_ids) c
  WHERE s.id = c.section_id
    AND (s.required_cost_low_cents, s.required_cost_high_cents, s.cost_designation,
      s.cost_reason)
      IS DISTINCT FROM (c.low_cents, c.high_cents, c.designation, c.reason);
END
$$;--> statement-breakpoint
-- A title's kind, prices or name changed: the sections its active adoptions cover (linked, or
-- every section of the course for an AUTO_ADOPTION) are priced again. Not skipped when a loader
-- defers the facts: a loader refreshes the sections it touched, and a title's price names none
-- (a product import reprices titles inside its deferred transaction).
CREATE FUNCTION section_costs_on_title_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_section_costs(ARRAY(
    WITH repriced AS (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.material_kind, n.list_price_cents, n.used_price_cents, n.rental_price_cents,
          n.digital_price_cents, n.description)
        IS DISTINCT FROM (o.material_kind, o.list_price_cents, o.used_price_cents,
          o.rental_price_cents, o.digital_price_cents, o.description)
    ),
    adopted AS (
      SELECT am.id, am.course_id, am.location_id, am.adoption_type
      FROM repriced r JOIN adoption_materials am ON am.title_id = r.id
      WHERE am.active
    )
    SELECT ams.section_id FROM adopted a
      JOIN adoption_material_sections ams ON ams.adoption_material_id = a.id
    WHERE NOT ams.removed
    UNION
    SELECT s.id FROM adopted a JOIN sections s ON s.course_id = a.course_id
    WHERE a.adoption_type = 'AUTO_ADOPTION' AND s.location_id = a.location_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A proposed title renamed: the reasons that name it.
CREATE FUNCTION section_costs_on_proposed_title_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_section_costs(ARRAY(
    WITH renamed AS (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.description IS DISTINCT FROM o.description
    ),
    adopted AS (
      SELECT am.id, am.course_id, am.location_id, am.adoption_type
      FROM renamed r JOIN adoption_materials am ON am.proposed_title_id = r.id
      WHERE am.active
    )
    SELECT ams.section_id FROM adopted a
      JOIN adoption_material_sections ams ON ams.adoption_material_id = a.id
    WHERE NOT ams.removed
    UNION
    SELECT s.id FROM adopted a JOIN sections s ON s.course_id = a.course_id
    WHERE a.adoption_type = 'AUTO_ADOPTION' AND s.location_id = a.location_id));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A store's library-licence rule changed: every section of the store. Its low-cost threshold
-- alone: only the sections whose known cost is above zero (the threshold decides nothing of a
-- ZTC section, one without a price or one without an adoption).
CREATE FUNCTION section_costs_on_location_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_section_costs(ARRAY(
    SELECT s.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN sections s ON s.location_id = n.id
    WHERE n.library_licensed_is_zero IS DISTINCT FROM o.library_licensed_is_zero
      OR (n.ltc_threshold_cents IS DISTINCT FROM o.ltc_threshold_cents
        AND s.required_cost_low_cents > 0)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER titles_costs_update AFTER UPDATE ON titles REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_costs_on_title_update();--> statement-breakpoint
CREATE TRIGGER proposed_titles_costs_update AFTER UPDATE ON proposed_titles REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_costs_on_proposed_title_update();--> statement-breakpoint
CREATE TRIGGER locations_costs_update AFTER UPDATE ON locations REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION section_costs_on_location_update();--> statement-breakpoint
-- ENABLE ALWAYS, as 0012's: bulk loads run with session_replication_role = replica.
ALTER TABLE titles ENABLE ALWAYS TRIGGER titles_costs_update;--> statement-breakpoint
ALTER TABLE proposed_titles ENABLE ALWAYS TRIGGER proposed_titles_costs_update;--> statement-breakpoint
ALTER TABLE locations ENABLE ALWAYS TRIGGER locations_costs_update;--> statement-breakpoint
-- The costs of the sections already there.
SELECT refresh_section_facts(ARRAY(SELECT id FROM sections));
