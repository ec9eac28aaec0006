ALTER TABLE "adoption_materials" ADD COLUMN "source" text DEFAULT 'PORTAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "import_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "adoption_materials_import_key_uq" ON "adoption_materials" USING btree ("course_id","import_key") WHERE "adoption_materials"."import_key" is not null;