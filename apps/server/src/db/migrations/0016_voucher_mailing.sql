ALTER TABLE "funding_allowances" ADD COLUMN "email_claim" text;--> statement-breakpoint
ALTER TABLE "funding_allowances" ADD COLUMN "email_claimed_at" timestamp with time zone;