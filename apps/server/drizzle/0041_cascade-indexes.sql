CREATE INDEX "create_operation_customers_customer" ON "create_operation_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "lookalike_emails_person" ON "lookalike_emails" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "lookalike_results_company" ON "lookalike_results" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "campaign_sends_customer" ON "campaign_sends" USING btree ("customer_id");