CREATE TABLE "used_bot_checks" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_patterns" (
	"domain" text NOT NULL,
	"email" text NOT NULL,
	"pattern" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_patterns_domain_email_pk" PRIMARY KEY("domain","email")
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"guest_id" text,
	"client_address" text NOT NULL,
	"query" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"evidence" jsonb,
	"score" integer,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "search_history_one_owner" CHECK (("search_history"."user_id" is null) <> ("search_history"."guest_id" is null))
);
--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_bot_checks_expires" ON "used_bot_checks" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "search_history_user_created" ON "search_history" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE "search_history"."settled_at" is not null;--> statement-breakpoint
CREATE INDEX "search_history_guest_created" ON "search_history" USING btree ("guest_id","created_at" DESC NULLS LAST) WHERE "search_history"."settled_at" is not null;--> statement-breakpoint
CREATE INDEX "search_history_guest_address" ON "search_history" USING btree ("client_address") WHERE "search_history"."user_id" is null;--> statement-breakpoint
CREATE INDEX "search_history_unsettled" ON "search_history" USING btree ("created_at") WHERE "search_history"."settled_at" is null;