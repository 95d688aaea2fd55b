ALTER TABLE "agents" ADD COLUMN "last_name_key" text GENERATED ALWAYS AS (member_search_key(last_name)) STORED;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "first_name_key" text GENERATED ALWAYS AS (member_search_key(first_name)) STORED;--> statement-breakpoint
-- Member search by name reads ids, both keys and the country from these
-- indexes alone (an index-only scan): no row is fetched and no name folded
-- until the page's twenty rows are known. They replace the expression indexes
-- of 0019, which made every candidate row be read and folded again.
DROP INDEX IF EXISTS "agents_last_name_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "agents_first_name_search_idx";--> statement-breakpoint
CREATE INDEX "agents_last_name_key_idx" ON "agents" USING btree ("last_name_key" text_pattern_ops) INCLUDE ("first_name_key", "country_code", "id");--> statement-breakpoint
CREATE INDEX "agents_first_name_key_idx" ON "agents" USING btree ("first_name_key" text_pattern_ops) INCLUDE ("last_name_key", "country_code", "id");
