-- The console's Overview counts the tax details waiting for a decision, oldest first: a partial index of the `sent` ones keeps that read small however many members have decided details.
CREATE INDEX "member_tax_details_sent_idx" ON "member_tax_details" USING btree ("sent_at") WHERE "member_tax_details"."state" = 'sent';
