-- The console's Overview counts a country's tax details waiting for a decision, oldest first. The member's country is kept on the details (a member's country does not change), filled from the members here, so the count reads one partial index of the `sent` ones and no member row.
ALTER TABLE "member_tax_details" ADD COLUMN "country_code" varchar(2);--> statement-breakpoint
UPDATE "member_tax_details" SET "country_code" = "agents"."country_code" FROM "agents" WHERE "agents"."id" = "member_tax_details"."agent_id";--> statement-breakpoint
ALTER TABLE "member_tax_details" ALTER COLUMN "country_code" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "member_tax_details_sent_idx" ON "member_tax_details" USING btree ("country_code","sent_at") WHERE "member_tax_details"."state" = 'sent';
