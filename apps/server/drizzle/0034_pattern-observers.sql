-- Reordered by hand: drizzle-kit adds the new primary key before the column it names.
ALTER TABLE "domain_patterns" ADD COLUMN "observer" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Back-fill (written by hand: drizzle-kit does not move data): the user-derived observations
-- recorded before observers were kept no user id, so they count as one anonymous observer
-- (any of them may have been planted: it never agrees with a user, the finder's legacyObserver,
-- and adds at most two addresses per domain to another user's counts). The finder's own probes (verified, smtp) stay shared ('').
UPDATE "domain_patterns" SET "observer" = 'anonymous' WHERE "source" IN ('known', 'reply', 'delivered', 'bounce');--> statement-breakpoint
ALTER TABLE "domain_patterns" DROP CONSTRAINT "domain_patterns_domain_email_pk";--> statement-breakpoint
ALTER TABLE "domain_patterns" ADD CONSTRAINT "domain_patterns_domain_email_observer_pk" PRIMARY KEY("domain","email","observer");--> statement-breakpoint
CREATE INDEX "domain_patterns_bounces" ON "domain_patterns" USING btree ("domain","observer","email") WHERE "domain_patterns"."source" = 'bounce';
