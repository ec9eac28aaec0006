DROP INDEX "sections_location_start_idx";--> statement-breakpoint
DROP INDEX "sections_term_idx";--> statement-breakpoint
CREATE INDEX "sections_location_start_idx" ON "sections" USING btree ("location_id","start_date","end_date","course_id","has_text","has_ntr","needs_response");--> statement-breakpoint
CREATE INDEX "sections_term_idx" ON "sections" USING btree ("term_id","location_id");