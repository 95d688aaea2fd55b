ALTER TABLE "header_alerts" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "header_alerts" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "header_alerts" ADD CONSTRAINT "header_alerts_window" CHECK ("header_alerts"."ends_at" > "header_alerts"."starts_at");