ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_kind";--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "grant_key" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_kind" CHECK ("credit_entries"."kind" in ('plan_grant', 'purchase', 'bonus', 'hold', 'release', 'charge', 'refund'));--> statement-breakpoint
-- Active local subscriptions renew at their next anniversary (the calendar job granted the months so far).
UPDATE "subscriptions" AS s SET "current_period_end" = (
	SELECT min(s."created_at" + make_interval(months => k * (CASE WHEN p."rules" ->> 'interval' = 'year' THEN 12 ELSE 1 END)))
	FROM generate_series(1, 1200) AS k
	WHERE s."created_at" + make_interval(months => k * (CASE WHEN p."rules" ->> 'interval' = 'year' THEN 12 ELSE 1 END)) > now()
) FROM "plans" AS p WHERE p."id" = s."plan_id" AND s."status" = 'active' AND s."provider" = 'local';--> statement-breakpoint
-- A credit pack's receipt points at the purchase its refund takes back.
UPDATE "receipts" AS r SET "grant_key" = 'purchase:' || c."id"
FROM "checkout_sessions" AS c WHERE c."id" = r."session_id" AND c."mode" = 'payment' AND r."status" <> 'failed';
