DROP INDEX "sections_location_start_idx";--> statement-breakpoint
CREATE INDEX "sections_location_start_idx" ON "sections" USING btree ("location_id","start_date","end_date","course_id");