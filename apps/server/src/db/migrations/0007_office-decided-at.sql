ALTER TABLE "offices" ADD COLUMN "active_decided_at" timestamp with time zone;--> statement-breakpoint
-- Offices whose decision maker already opted in or out keep that decision over a reload.
UPDATE "offices" SET "active_decided_at" = (SELECT max("changed_at") FROM "agency_state_changes" WHERE "agency_state_changes"."office_id" = "offices"."office_id");
