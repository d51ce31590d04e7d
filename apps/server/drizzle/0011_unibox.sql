CREATE TABLE "inbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"thread_id" uuid,
	"imap_uid_validity" bigint,
	"imap_uid" bigint,
	"message_id" text,
	"in_reply_to" text,
	"references" text[] DEFAULT '{}'::text[] NOT NULL,
	"kind" text NOT NULL,
	"send_id" uuid,
	"from_email" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"quoted_text" text,
	"bounce" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_kind" CHECK ("inbox_messages"."kind" in ('reply', 'auto_reply', 'bounce', 'other', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid,
	"customer_id" uuid NOT NULL,
	"mailbox_id" uuid,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_threads_status" CHECK ("inbox_threads"."status" in ('replied', 'auto_reply', 'bounced'))
);
--> statement-breakpoint
CREATE TABLE "mailbox_sync_state" (
	"mailbox_id" uuid PRIMARY KEY NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"idle_supported" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_send_id_campaign_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."campaign_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_sync_state" ADD CONSTRAINT "mailbox_sync_state_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_messages_imap_key" ON "inbox_messages" USING btree ("mailbox_id","imap_uid_validity","imap_uid");--> statement-breakpoint
CREATE INDEX "inbox_messages_thread_received" ON "inbox_messages" USING btree ("thread_id","received_at");--> statement-breakpoint
CREATE INDEX "inbox_messages_user_message_id" ON "inbox_messages" USING btree ("user_id","message_id");--> statement-breakpoint
CREATE INDEX "inbox_messages_send" ON "inbox_messages" USING btree ("send_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_threads_campaign_customer" ON "inbox_threads" USING btree ("campaign_id","customer_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_user_last" ON "inbox_threads" USING btree ("user_id","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inbox_threads_user_campaign_last" ON "inbox_threads" USING btree ("user_id","campaign_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_threads_user_mailbox_last" ON "inbox_threads" USING btree ("user_id","mailbox_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_threads_user_status_last" ON "inbox_threads" USING btree ("user_id","status","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_threads_user_unread" ON "inbox_threads" USING btree ("user_id","last_message_at" DESC NULLS LAST) WHERE "inbox_threads"."unread";--> statement-breakpoint
CREATE INDEX "inbox_threads_customer" ON "inbox_threads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_mailbox" ON "inbox_threads" USING btree ("mailbox_id");