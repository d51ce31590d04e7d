ALTER TABLE "domain_patterns" ADD COLUMN "source" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_patterns" ADD COLUMN "owner" text;