CREATE TABLE "paid_addresses" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paid_addresses_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "paid_addresses" ADD CONSTRAINT "paid_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Back-fill (written by hand: drizzle-kit does not move data): what each user has paid for so
-- far, each address at its first payment: the charged single searches with an address, and
-- the verified rows (score 95 or more) of the bulk results they bought.
INSERT INTO "paid_addresses" ("user_id", "email", "paid_at")
SELECT p.user_id, p.email, min(p.at)
FROM (
	SELECT s.user_id, lower(s.result->>'exactEmail') AS email, coalesce(s.settled_at, s.created_at) AS at
	FROM "search_history" s
	WHERE s.charged AND s.user_id IS NOT NULL AND s.result->>'exactEmail' IS NOT NULL
	UNION ALL
	SELECT q.user_id, lower(r.email), b.created_at
	FROM "bulk_purchases" b
	JOIN "bulk_requests" q ON q.id = b.request_id
	JOIN "bulk_rows" r ON r.request_id = b.request_id
	WHERE r.email IS NOT NULL AND r.score >= 95
) p
GROUP BY p.user_id, p.email
ON CONFLICT DO NOTHING;
