CREATE TABLE "member_active_months" (
	"country_code" varchar(2) NOT NULL,
	"month" date NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "member_active_months_country_code_month_agent_id_pk" PRIMARY KEY("country_code","month","agent_id")
);
--> statement-breakpoint
CREATE INDEX "agents_country_created_idx" ON "agents" USING btree ("country_code","created_at");--> statement-breakpoint
-- Backfill: members who earned (a segment, claim or staff credit) or redeemed (a gift order) in a month.
INSERT INTO "member_active_months" ("country_code", "month", "agent_id")
  SELECT DISTINCT a."country_code", date_trunc('month', e."entry_date")::date, e."agent_id"
  FROM "point_entries" e JOIN "agents" a ON a."id" = e."agent_id"
  WHERE e."kind" = 'order' OR (e."kind" IN ('segment', 'additional') AND e."amount" > 0);--> statement-breakpoint
ALTER TABLE "point_month_totals" DROP CONSTRAINT "point_month_totals_country_code_month_kind_shard_pk";--> statement-breakpoint
ALTER TABLE "point_month_totals" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Backfill: the month summaries are summed again from the ledger, earned points by source (docs/decisions/041).
-- A segment credit splits as its segment row still records it (points and earning_rule_ids, as `campaignPart`
-- works it back: fixed bonuses off first, then the highest multiplier divides); a credit whose row was reversed
-- or credited again since, and every reversal, counts as bookings. An additional credit that approved a claim
-- (the claim names its entry) counts as claims; other additional entries as staff's.
DELETE FROM "point_month_totals";--> statement-breakpoint
WITH "segment_split" AS (
  SELECT s."id", s."points", s."credited_on",
    s."points" - least(s."points", greatest(0, round(
      greatest(0, s."points" - coalesce(sum(r."points") FILTER (WHERE r."kind" = 'campaign' AND r."multiplier_tenths" IS NULL), 0))::numeric
      * 10 / coalesce(max(r."multiplier_tenths") FILTER (WHERE r."kind" = 'campaign'), 10)
    )))::int AS "campaign"
  FROM "booking_segments" s JOIN "earning_rules" r ON r."id" = any(s."earning_rule_ids")
  WHERE s."points" > 0
  GROUP BY s."id", s."points", s."credited_on"
), "parts" AS (
  SELECT e."agent_id", e."entry_date", e."kind", p."source", p."amount"
  FROM "point_entries" e
  LEFT JOIN "segment_split" x
    ON e."kind" = 'segment' AND x."id" = e."segment_row_id" AND x."points" = e."amount" AND x."credited_on" = e."entry_date"
  LEFT JOIN "missing_points_claims" c ON e."kind" = 'additional' AND c."entry_id" = e."id"
  CROSS JOIN LATERAL (VALUES
    (CASE e."kind" WHEN 'segment' THEN 'booking' WHEN 'reversal' THEN 'booking'
       WHEN 'additional' THEN CASE WHEN c."id" IS NULL THEN 'staff' ELSE 'claim' END ELSE '' END,
     e."amount" - CASE WHEN e."kind" = 'segment' THEN coalesce(x."campaign", 0) ELSE 0 END),
    ('campaign', CASE WHEN e."kind" = 'segment' THEN coalesce(x."campaign", 0) ELSE 0 END)
  ) AS p("source", "amount")
  WHERE p."amount" <> 0
)
INSERT INTO "point_month_totals" ("country_code", "month", "kind", "source", "shard", "points")
  SELECT a."country_code", date_trunc('month', v."entry_date")::date, v."kind", v."source", v."agent_id" % 16, sum(v."amount")
  FROM "parts" v JOIN "agents" a ON a."id" = v."agent_id"
  GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ALTER TABLE "point_month_totals" ADD CONSTRAINT "point_month_totals_country_code_month_kind_source_shard_pk" PRIMARY KEY("country_code","month","kind","source","shard");
--> statement-breakpoint
-- A welcome bonus is an earning rule too (docs/bookings.md, "Earning rules").
ALTER TABLE "earning_rules" DROP CONSTRAINT "earning_rules_kind";--> statement-breakpoint
ALTER TABLE "earning_rules" ADD CONSTRAINT "earning_rules_kind" CHECK ("earning_rules"."kind" in ('base', 'campaign', 'welcome'));
