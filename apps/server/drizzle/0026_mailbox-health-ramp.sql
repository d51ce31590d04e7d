ALTER TABLE "mailboxes" ADD COLUMN "ramp_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "dkim_selector" text;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "health" jsonb;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "health_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mailboxes_health_checked" ON "mailboxes" USING btree ("health_checked_at");