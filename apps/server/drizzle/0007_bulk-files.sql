CREATE TABLE "bulk_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_purchases_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"header" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"total" integer NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"fail" integer DEFAULT 0 NOT NULL,
	"success_count" integer,
	"verified_count" integer,
	"held" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "bulk_requests_status" CHECK ("bulk_requests"."status" in ('processing', 'completed', 'error'))
);
--> statement-breakpoint
CREATE TABLE "bulk_rows" (
	"request_id" uuid NOT NULL,
	"row_index" integer NOT NULL,
	"chunk" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"query" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"email" text,
	"score" integer,
	"error" text,
	CONSTRAINT "bulk_rows_request_id_row_index_pk" PRIMARY KEY("request_id","row_index"),
	CONSTRAINT "bulk_rows_state" CHECK ("bulk_rows"."state" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "bulk_files" (
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_files_request_id_kind_pk" PRIMARY KEY("request_id","kind")
);
--> statement-breakpoint
ALTER TABLE "bulk_purchases" ADD CONSTRAINT "bulk_purchases_request_id_bulk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bulk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_purchases" ADD CONSTRAINT "bulk_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_requests" ADD CONSTRAINT "bulk_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_request_id_bulk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bulk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_files" ADD CONSTRAINT "bulk_files_request_id_bulk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bulk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_requests_user_created" ON "bulk_requests" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_rows_pending_chunks" ON "bulk_rows" USING btree ("request_id","chunk") WHERE "bulk_rows"."state" = 'pending';