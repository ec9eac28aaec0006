ALTER TABLE "funding_allowances" ADD COLUMN "email_claim" text;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "email_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "funding_allowances_email_claim_idx" ON "funding_allowances" USING btree ("email_claim") WHERE "funding_allowances"."email_claim" is not null;