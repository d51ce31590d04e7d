CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "companies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_normalised" text NOT NULL,
	"domain" text NOT NULL,
	"country" text,
	"industry" text,
	"employees" integer,
	"founded_year" integer,
	"revenue_min" bigint,
	"revenue_max" bigint,
	"linkedin_url" text,
	"twitter_url" text,
	"facebook_url" text,
	"instagram_url" text,
	"logo_url" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "companies_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"fname" text,
	"lname" text,
	"job_title" text,
	"department" text NOT NULL,
	"seniority" text NOT NULL,
	"location" text,
	"linkedin_url" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "people_identity" UNIQUE NULLS NOT DISTINCT("company_id","fname","lname","job_title")
);
--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name_normalised" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_industry" ON "companies" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "companies_country" ON "companies" USING btree ("country");--> statement-breakpoint
CREATE INDEX "companies_employees" ON "companies" USING btree ("employees");--> statement-breakpoint
CREATE INDEX "companies_founded_year" ON "companies" USING btree ("founded_year");--> statement-breakpoint
CREATE INDEX "people_department" ON "people" USING btree ("department");--> statement-breakpoint
CREATE INDEX "people_seniority" ON "people" USING btree ("seniority");--> statement-breakpoint
CREATE INDEX "people_job_title_trgm" ON "people" USING gin ("job_title" gin_trgm_ops);