ALTER TABLE "companies" ADD COLUMN "source_industry" text;--> statement-breakpoint
CREATE INDEX "companies_source_industry" ON "companies" USING btree ("source_industry");