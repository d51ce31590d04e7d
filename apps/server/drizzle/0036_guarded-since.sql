ALTER TABLE "campaigns" ADD COLUMN "guarded_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "guarded_since" timestamp with time zone;