CREATE TABLE "campaign_mailboxes" (
	"campaign_id" uuid NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "campaign_mailboxes_campaign_id_mailbox_id_pk" PRIMARY KEY("campaign_id","mailbox_id")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_contacts" (
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mailbox_id" uuid,
	"last_step" integer NOT NULL,
	"last_sent_at" timestamp with time zone,
	"state" text DEFAULT 'waiting' NOT NULL,
	"stop_reason" text,
	"replied_at" timestamp with time zone,
	CONSTRAINT "campaign_contacts_campaign_id_customer_id_pk" PRIMARY KEY("campaign_id","customer_id"),
	CONSTRAINT "campaign_contacts_state" CHECK ("campaign_contacts"."state" in ('waiting', 'ready', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "campaign_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"mailbox_id" uuid,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"scheduled_at" timestamp with time zone NOT NULL,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_sends_status" CHECK ("campaign_sends"."status" in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "mailbox_send_state" (
	"mailbox_id" uuid PRIMARY KEY NOT NULL,
	"next_send_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"url" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"campaign_id" uuid,
	"send_id" uuid,
	"source" text NOT NULL,
	"rating" integer,
	"questions" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unsubscribes_source" CHECK ("unsubscribes"."source" in ('survey', 'one-click'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "stop_after_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "link_tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_as_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "emails_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "min_email_gap" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_email_gap" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "max_new_leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "new_leads_first" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_mailboxes" ADD CONSTRAINT "campaign_mailboxes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mailboxes" ADD CONSTRAINT "campaign_mailboxes_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mailboxes" ADD CONSTRAINT "campaign_mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_contacts" ADD CONSTRAINT "campaign_contacts_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sends" ADD CONSTRAINT "campaign_sends_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_send_state" ADD CONSTRAINT "mailbox_send_state_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_send_id_campaign_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."campaign_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribes" ADD CONSTRAINT "unsubscribes_send_id_campaign_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."campaign_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_mailboxes_mailbox" ON "campaign_mailboxes" USING btree ("mailbox_id");--> statement-breakpoint
CREATE INDEX "email_templates_user_created" ON "email_templates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_contacts_ready" ON "campaign_contacts" USING btree ("campaign_id","last_sent_at") WHERE "campaign_contacts"."state" = 'ready';--> statement-breakpoint
CREATE INDEX "campaign_contacts_customer" ON "campaign_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_sends_campaign_customer_step" ON "campaign_sends" USING btree ("campaign_id","customer_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_sends_message_id" ON "campaign_sends" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaign_sends_mailbox_scheduled" ON "campaign_sends" USING btree ("mailbox_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "campaign_sends_campaign_scheduled" ON "campaign_sends" USING btree ("campaign_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "campaign_sends_pending" ON "campaign_sends" USING btree ("status","scheduled_at") WHERE "campaign_sends"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "link_clicks_send_url" ON "link_clicks" USING btree ("send_id","url");--> statement-breakpoint
CREATE INDEX "unsubscribes_customer" ON "unsubscribes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "unsubscribes_campaign" ON "unsubscribes" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_send_source" ON "unsubscribes" USING btree ("send_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_user_name" ON "campaigns" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "campaigns_active" ON "campaigns" USING btree ("id") WHERE "campaigns"."status" = 'active';