ALTER TABLE "mailboxes" ADD COLUMN "sending_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "sending_stopped_reason" text;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_sending_stopped" CHECK (("mailboxes"."sending_stopped_at" is null) = ("mailboxes"."sending_stopped_reason" is null));--> statement-breakpoint
-- Hand-written back-fill (issue 25): a mailbox that bounce or complaint protection stopped was
-- marked in error with a 'Sending paused:' message; it becomes active (its connection works)
-- with its campaign sends stopped for that reason.
UPDATE "mailboxes" SET "status" = 'active', "status_message" = NULL, "sending_stopped_at" = "updated_at", "sending_stopped_reason" = replace("status_message", 'Save its connection again to resume.', 'Check the lists it sends to, then click Resume sending.') WHERE "status" = 'error' AND "status_message" LIKE 'Sending paused:%';
