CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_source" CHECK ("suppressions"."source" in ('manual', 'unsubscribe', 'bounce', 'complaint'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "bounce_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_user_entry" ON "suppressions" USING btree ("user_id","entry");--> statement-breakpoint
CREATE INDEX "suppressions_user_created" ON "suppressions" USING btree ("user_id","created_at");