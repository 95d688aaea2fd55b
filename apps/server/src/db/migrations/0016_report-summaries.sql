CREATE TABLE "point_lapse_totals" (
	"country_code" varchar(2) NOT NULL,
	"month" date NOT NULL,
	"shard" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "point_lapse_totals_country_code_month_shard_pk" PRIMARY KEY("country_code","month","shard")
);
--> statement-breakpoint
CREATE TABLE "point_month_totals" (
	"country_code" varchar(2) NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"shard" integer NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "point_month_totals_country_code_month_kind_shard_pk" PRIMARY KEY("country_code","month","kind","shard")
);
--> statement-breakpoint
CREATE INDEX "agents_country_status_idx" ON "agents" USING btree ("country_code","status");--> statement-breakpoint
CREATE INDEX "gift_orders_country_state_idx" ON "gift_orders" USING btree ("country_code","state");--> statement-breakpoint
-- Backfill: the summaries start as the sum of the entries and open lots that exist (the ledger keeps them from here on).
INSERT INTO "point_month_totals" ("country_code", "month", "kind", "shard", "points")
  SELECT a."country_code", date_trunc('month', e."entry_date")::date, e."kind", e."agent_id" % 16, sum(e."amount")
  FROM "point_entries" e JOIN "agents" a ON a."id" = e."agent_id"
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "point_lapse_totals" ("country_code", "month", "shard", "points")
  SELECT a."country_code", date_trunc('month', l."expires_on")::date, l."agent_id" % 16, sum(l."remaining")
  FROM "point_lots" l JOIN "agents" a ON a."id" = l."agent_id"
  WHERE l."remaining" > 0
  GROUP BY 1, 2, 3;
