CREATE TABLE "missing_points_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "missing_points_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"pnr" varchar(8) NOT NULL,
	"travel_date" date NOT NULL,
	"booked" text,
	"note" text,
	"state" text DEFAULT 'open' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"filed_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decided_by_staff_id" integer,
	"entry_id" bigint,
	"booking_id" integer,
	CONSTRAINT "missing_points_claims_state_check" CHECK ("missing_points_claims"."state" in ('open', 'approved', 'rejected', 'matched'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "claim_id" integer;--> statement-breakpoint
ALTER TABLE "missing_points_claims" ADD CONSTRAINT "missing_points_claims_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_points_claims" ADD CONSTRAINT "missing_points_claims_entry_id_point_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."point_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "missing_points_claims_open_idx" ON "missing_points_claims" USING btree ("agent_id","pnr") WHERE "missing_points_claims"."state" = 'open';--> statement-breakpoint
CREATE INDEX "missing_points_claims_queue_idx" ON "missing_points_claims" USING btree ("state","filed_at");--> statement-breakpoint
CREATE INDEX "missing_points_claims_country_idx" ON "missing_points_claims" USING btree ("country_code","state","filed_at");--> statement-breakpoint
CREATE INDEX "missing_points_claims_agent_idx" ON "missing_points_claims" USING btree ("agent_id","filed_at");--> statement-breakpoint
CREATE INDEX "missing_points_claims_pnr_idx" ON "missing_points_claims" USING btree ("pnr");