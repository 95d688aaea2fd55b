CREATE TABLE "member_state_totals" (
	"country_code" varchar(2) NOT NULL,
	"status" text NOT NULL,
	"shard" integer NOT NULL,
	"members" bigint NOT NULL,
	CONSTRAINT "member_state_totals_country_code_status_shard_pk" PRIMARY KEY("country_code","status","shard")
);
--> statement-breakpoint
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
--> statement-breakpoint
INSERT INTO "member_state_totals" ("country_code", "status", "shard", "members")
  SELECT "country_code", "status", "id" % 16, count(*) FROM "agents" GROUP BY 1, 2, 3;--> statement-breakpoint
-- Members per country and state follow every insert, update and delete of agents, in the statement's transaction.
-- Rows are upserted in key order (no deadlock between two statements) and spread over 16 shards by member id.
CREATE FUNCTION "member_state_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_state_totals (country_code, status, shard, members)
      SELECT country_code, status, id % 16, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (country_code, status, shard) DO UPDATE SET members = member_state_totals.members + excluded.members;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO member_state_totals (country_code, status, shard, members)
      SELECT country_code, status, id % 16, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (country_code, status, shard) DO UPDATE SET members = member_state_totals.members + excluded.members;
  ELSE
    -- An update that changes no state (a profile edit, accepted terms) writes nothing.
    INSERT INTO member_state_totals (country_code, status, shard, members)
      SELECT country_code, status, shard, sum(delta) FROM (
        SELECT country_code, status, id % 16 AS shard, -1 AS delta FROM old_rows
        UNION ALL
        SELECT country_code, status, id % 16, 1 FROM new_rows
      ) AS changes
      GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (country_code, status, shard) DO UPDATE SET members = member_state_totals.members + excluded.members;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "member_state_totals_insert" AFTER INSERT ON "agents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_state_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "member_state_totals_update" AFTER UPDATE ON "agents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_state_totals_follow"();--> statement-breakpoint
CREATE TRIGGER "member_state_totals_delete" AFTER DELETE ON "agents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_state_totals_follow"();
