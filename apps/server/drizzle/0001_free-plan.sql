-- The default plan (product-spec §3 "Plan", is_default): sign-up needs it in every database,
-- seeded or not.
INSERT INTO "plans" ("name", "is_default", "rules")
VALUES ('Free', true, '{"credits": 25, "lead_search_credits": 10, "interval": "month", "price": 0, "price_id": null}'::jsonb)
ON CONFLICT ("name") DO NOTHING;
