ALTER TABLE "point_entries" ADD COLUMN "keyed_description" jsonb;--> statement-breakpoint
-- The descriptions the club wrote in English become keys with parameters, worded in the reader's language; free text staff wrote stays text (keyed_description null).
UPDATE "point_entries" SET "keyed_description" = '{"key":"welcomeBonus","params":{}}'::jsonb
  WHERE lower(btrim("description")) = 'welcome bonus';--> statement-breakpoint
UPDATE "point_entries" SET "keyed_description" = '{"key":"movedPoints","params":{}}'::jsonb
  WHERE lower(btrim("description")) = 'points moved from the previous programme';--> statement-breakpoint
UPDATE "point_entries" SET "keyed_description" = jsonb_build_object(
    'key', CASE
      WHEN "description" ~ ': cancelled$' THEN 'segmentCancelled'
      WHEN "description" ~ ': booking rejected \([a-z-]+\)$' THEN 'segmentRejected'
      WHEN "description" ~ ': the remark names another member$' THEN 'segmentOtherMember'
      WHEN "description" ~ ': no longer in the booking$' THEN 'segmentGone'
      ELSE 'segmentCredit' END,
    'params', jsonb_build_object(
      'pnr', (regexp_match("description", '^PNR (\S+) '))[1],
      'kind', (regexp_match("description", '^PNR \S+ (air|hotel|car|rail) '))[1],
      'date', (regexp_match("description", '^PNR \S+ \S+ (\d{4}-\d{2}-\d{2})'))[1])
    || CASE WHEN "description" ~ ': booking rejected \([a-z-]+\)$'
      THEN jsonb_build_object('reason', (regexp_match("description", ': booking rejected \(([a-z-]+)\)$'))[1])
      ELSE '{}'::jsonb END)
  WHERE "kind" IN ('segment', 'reversal')
    AND "description" ~ '^PNR \S+ (air|hotel|car|rail) \d{4}-\d{2}-\d{2}(: (cancelled|booking rejected \([a-z-]+\)|the remark names another member|no longer in the booking))?$';--> statement-breakpoint
UPDATE "point_entries" SET "keyed_description" = jsonb_build_object(
    'key', 'order',
    'params', jsonb_build_object(
      'orderId', "order_id",
      'gifts', (SELECT coalesce(jsonb_agg(jsonb_build_object(
          'id', l."gift_id", 'quantity', l."quantity", 'name', l."description") ORDER BY l."gift_id"), '[]'::jsonb)
        FROM "gift_order_lines" l WHERE l."order_id" = "point_entries"."order_id")))
  WHERE "kind" = 'order' AND "order_id" IS NOT NULL AND "description" ~ '^Order \d+: ';--> statement-breakpoint
UPDATE "point_entries" SET "keyed_description" = jsonb_build_object(
    'key', 'orderRefund', 'params', jsonb_build_object('orderId', "order_id"))
  WHERE "kind" = 'refund' AND "order_id" IS NOT NULL AND "description" ~ '^Order \d+ failed: ';--> statement-breakpoint
UPDATE "point_entries" SET "keyed_description" = jsonb_build_object(
    'key', 'pointsLapsed', 'params', jsonb_build_object('date', substring("description" from 10)))
  WHERE "kind" = 'expiry' AND "description" ~ '^Credited \d{4}-\d{2}-\d{2}$';
