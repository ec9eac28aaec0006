ALTER TABLE "data_import_issues" ADD COLUMN "warning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "rows_warned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "csv_separator" text;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "csv_encoding" text;--> statement-breakpoint
ALTER TABLE "data_imports" ADD COLUMN "csv_dialect_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "data_imports_unapplied_idx" ON "data_imports" USING btree ("created_at") WHERE status = 'VALIDATED' and stored_path is not null;