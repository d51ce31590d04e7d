ALTER TABLE "description_corpus" ADD COLUMN "vectors_through" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "companies_updated_at" ON "companies" USING btree ("updated_at");