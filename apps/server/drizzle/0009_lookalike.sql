CREATE TABLE "company_vectors" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"weights" real[] NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "description_corpus" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"documents" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "description_corpus_single_row" CHECK ("description_corpus"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "description_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookalike_emails" (
	"request_id" uuid NOT NULL,
	"person_id" bigint NOT NULL,
	"email" text,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookalike_emails_request_id_person_id_pk" PRIMARY KEY("request_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "lookalike_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"entries" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"list_company_ids" jsonb,
	"total_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "lookalike_requests_status" CHECK ("lookalike_requests"."status" in ('processing', 'completed', 'error'))
);
--> statement-breakpoint
CREATE TABLE "lookalike_results" (
	"request_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"company_id" bigint NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "lookalike_results_request_id_rank_pk" PRIMARY KEY("request_id","rank")
);
--> statement-breakpoint
ALTER TABLE "company_vectors" ADD CONSTRAINT "company_vectors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_emails" ADD CONSTRAINT "lookalike_emails_request_id_lookalike_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lookalike_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_emails" ADD CONSTRAINT "lookalike_emails_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_requests" ADD CONSTRAINT "lookalike_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_results" ADD CONSTRAINT "lookalike_results_request_id_lookalike_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lookalike_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookalike_results" ADD CONSTRAINT "lookalike_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_vectors_terms" ON "company_vectors" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "lookalike_requests_user_created" ON "lookalike_requests" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);