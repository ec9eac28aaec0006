ALTER TABLE "locations" ADD COLUMN "price_change_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "rolled_from_id" integer;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "rollover_term_id" integer;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "external_products" ADD COLUMN "availability" text DEFAULT 'AVAILABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "out_of_print" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD CONSTRAINT "adoption_materials_rolled_from_id_adoption_materials_id_fk" FOREIGN KEY ("rolled_from_id") REFERENCES "public"."adoption_materials"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD CONSTRAINT "adoption_materials_rollover_term_id_terms_id_fk" FOREIGN KEY ("rollover_term_id") REFERENCES "public"."terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adoption_materials" ADD CONSTRAINT "adoption_materials_confirmed_by_user_accounts_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."user_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adoption_materials_rolled_from_uq" ON "adoption_materials" USING btree ("rolled_from_id","rollover_term_id") WHERE "adoption_materials"."rolled_from_id" is not null;--> statement-breakpoint
CREATE INDEX "adoption_materials_unconfirmed_rollover_idx" ON "adoption_materials" USING btree ("location_id","rollover_term_id") WHERE "adoption_materials"."source" = 'ROLLOVER' and "adoption_materials"."confirmed_at" is null;