ALTER TABLE "terms" ADD COLUMN "adoption_deadline" date;--> statement-breakpoint
-- Issue 30: the action behind the adoption deadlines, given on upgrade to the roles a new
-- install gives it (DEFAULT_ROLE_ACTIONS), as ensureReferenceData would have for a new role.
INSERT INTO "actions" ("name", "description")
VALUES ('MANAGE_ADOPTION_CAMPAIGNS', 'Set the terms'' adoption deadlines and see how sections stand against them')
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_actions" ("role_id", "action_id")
SELECT r.id, a.id FROM "roles" r CROSS JOIN "actions" a
WHERE r.name IN ('CMA_MEMBER', 'STORE_ADMINISTRATOR') AND a.name = 'MANAGE_ADOPTION_CAMPAIGNS'
ON CONFLICT DO NOTHING;
