DROP INDEX "mail_outbox_recipient_idx";--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD COLUMN "entry_id" bigint;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_entry_id_point_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."point_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_adjustments_entry_idx" ON "point_adjustments" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "point_entries_agent_recent_idx" ON "point_entries" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("recipient"),"created_at");--> statement-breakpoint
-- Member search (modules/member-care/member-search.ts): every kind of query is a
-- prefix match served by one of these indexes. The name key folds case and the
-- common Latin and Greek accents; it is IMMUTABLE (lower and translate only), so
-- it can be indexed, and the search applies the same function to the query.
CREATE OR REPLACE FUNCTION member_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(lower(value), 'àáâãäåāăąçćčďđèéêëēėęěìíîïīįıłñńňòóôõöøōőřśšşťùúûüūůűųýÿžźżάέήίϊΐόύϋΰώς', 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooorssstuuuuuuuuyyzzzαεηιιιουυυωσ') $$;--> statement-breakpoint
CREATE INDEX "agents_last_name_search_idx" ON "agents" USING btree (member_search_key("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_first_name_search_idx" ON "agents" USING btree (member_search_key("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_email_prefix_idx" ON "agents" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "agents_office_search_idx" ON "agents" USING btree (upper("office_id") text_pattern_ops);
