DROP INDEX "enrollments_section_idx";--> statement-breakpoint
CREATE INDEX "enrollments_section_student_idx" ON "enrollments" USING btree ("section_id","student_id");--> statement-breakpoint
-- hand-written: student scope (VIEW_STUDENT_FUNDING, ADR 0023)
-- A database made before the action existed: add it and give it to the counter team's role,
-- as a new database's CMA_MEMBER gets it (ensureReferenceData maps a role's default actions
-- only when it creates the role). A new database has no roles yet at this point: nothing is
-- written, and ensureReferenceData creates the action and the roles with their defaults.
INSERT INTO "actions" ("name", "description")
SELECT 'VIEW_STUDENT_FUNDING', 'See a student''s allowances, balances and voucher codes'
WHERE EXISTS (SELECT 1 FROM "roles" WHERE "name" = 'CMA_MEMBER')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_actions" ("role_id", "action_id")
SELECT r."id", a."id" FROM "roles" r, "actions" a
WHERE r."name" = 'CMA_MEMBER' AND a."name" = 'VIEW_STUDENT_FUNDING'
ON CONFLICT DO NOTHING;
