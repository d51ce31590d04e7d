CREATE TABLE "address_verdicts" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"verdict" jsonb NOT NULL,
	"judged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_verdicts_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
DROP INDEX "bulk_rows_verdict_email";--> statement-breakpoint
DROP INDEX "verifications_user_email";--> statement-breakpoint
ALTER TABLE "address_verdicts" ADD CONSTRAINT "address_verdicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Back-fill (written by hand: drizzle-kit does not move data): each user's latest verdict on
-- an address from the Email Verifier and bulk rows, as the tick's old look-up chose it. Single
-- searches kept their evidence, not a verdict, so theirs start with the next search.
INSERT INTO "address_verdicts" ("user_id", "email", "verdict", "judged_at")
SELECT DISTINCT ON (j.user_id, j.email) j.user_id, j.email, j.verdict, j.at
FROM (
	SELECT v.user_id, lower(v.verdict->>'email') AS email, v.verdict, v.settled_at AS at
	FROM "verifications" v
	WHERE v.verdict IS NOT NULL AND v.settled_at IS NOT NULL AND v.verdict->>'email' IS NOT NULL
	UNION ALL
	SELECT q.user_id, lower(r.verdict->>'email'), r.verdict, q.created_at
	FROM "bulk_rows" r JOIN "bulk_requests" q ON q.id = r.request_id
	WHERE r.verdict IS NOT NULL AND r.verdict->>'email' IS NOT NULL
) j
ORDER BY j.user_id, j.email, j.at DESC;
