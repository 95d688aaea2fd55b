CREATE TABLE "earning_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earning_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" varchar(2) NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"member_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"segment_types" text[] NOT NULL,
	"points" integer,
	"multiplier_tenths" integer,
	"from_date" date NOT NULL,
	"to_date" date,
	"basis" text DEFAULT 'travel' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"earned_at" timestamp with time zone,
	CONSTRAINT "earning_rules_kind" CHECK ("earning_rules"."kind" in ('base', 'campaign')),
	CONSTRAINT "earning_rules_basis" CHECK ("earning_rules"."basis" in ('travel', 'booking')),
	CONSTRAINT "earning_rules_points_or_multiplier" CHECK (("earning_rules"."points" is null) <> ("earning_rules"."multiplier_tenths" is null))
);
--> statement-breakpoint
ALTER TABLE "booking_segments" ADD COLUMN "earning_rule_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "earning_rules_country_idx" ON "earning_rules" USING btree ("country_code");--> statement-breakpoint
-- A rule that earned points stays: ending it sets its last day; deleting it is refused.
CREATE FUNCTION "earning_rules_keep_earned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.earned_at IS NOT NULL THEN
    RAISE EXCEPTION 'earning_rules: rule % earned points and cannot be deleted (end it instead)', OLD.id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "earning_rules_keep_earned" BEFORE DELETE ON "earning_rules"
  FOR EACH ROW EXECUTE FUNCTION "earning_rules_keep_earned"();
