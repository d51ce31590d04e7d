ALTER TABLE "people" ADD COLUMN "company_industry" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_country" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_employees" integer;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "company_founded_year" integer;--> statement-breakpoint
-- Existing people get their companies' filter columns (written by hand after generation).
UPDATE "people" SET "company_industry" = "companies"."industry", "company_country" = "companies"."country", "company_employees" = "companies"."employees", "company_founded_year" = "companies"."founded_year" FROM "companies" WHERE "companies"."id" = "people"."company_id";--> statement-breakpoint
CREATE INDEX "companies_industry_country" ON "companies" USING btree ("industry","country");--> statement-breakpoint
CREATE INDEX "companies_country_employees" ON "companies" USING btree ("country","employees");--> statement-breakpoint
CREATE INDEX "companies_industry_employees" ON "companies" USING btree ("industry","employees");--> statement-breakpoint
CREATE INDEX "people_industry_department" ON "people" USING btree ("company_industry","department");--> statement-breakpoint
CREATE INDEX "people_country_seniority" ON "people" USING btree ("company_country","seniority");--> statement-breakpoint
CREATE INDEX "people_seniority_employees" ON "people" USING btree ("seniority","company_employees");--> statement-breakpoint
CREATE INDEX "people_department_seniority" ON "people" USING btree ("department","seniority");