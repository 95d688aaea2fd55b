CREATE TABLE "booking_segments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_segments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"segment_id" varchar(40) NOT NULL,
	"kind" text NOT NULL,
	"source_status" varchar(4) NOT NULL,
	"status" text NOT NULL,
	"service_date" date NOT NULL,
	"end_date" date,
	"used" boolean DEFAULT false NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"credited_on" date,
	"credited_agent_id" integer
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pnr" varchar(8) NOT NULL,
	"office_id" varchar(20) NOT NULL,
	"office_country_code" varchar(2),
	"created_on" date NOT NULL,
	"member_number" varchar(20),
	"agent_id" integer,
	"state" text NOT NULL,
	"reason" text,
	"record_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_pnr_unique" UNIQUE("pnr")
);
--> statement-breakpoint
CREATE TABLE "expiry_reminders" (
	"agent_id" integer NOT NULL,
	"expires_on" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expiry_reminders_agent_id_expires_on_days_before_pk" PRIMARY KEY("agent_id","expires_on","days_before")
);
--> statement-breakpoint
CREATE TABLE "point_adjustments" (
	"reference" varchar(80) PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_allocations" (
	"entry_id" bigint NOT NULL,
	"agent_id" integer NOT NULL,
	"credited_on" date NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "point_allocations_entry_id_credited_on_pk" PRIMARY KEY("entry_id","credited_on")
);
--> statement-breakpoint
CREATE TABLE "point_archives" (
	"member_number" varchar(20) PRIMARY KEY NOT NULL,
	"archive_date" date NOT NULL,
	"accumulated" integer NOT NULL,
	"additional" integer NOT NULL,
	"used" integer NOT NULL,
	"remaining" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"regular" integer DEFAULT 0 NOT NULL,
	"additional" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expired" integer DEFAULT 0 NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"segments_pd" integer DEFAULT 0 NOT NULL,
	"segments_ok" integer DEFAULT 0 NOT NULL,
	"next_expiry_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_available" CHECK ("point_balances"."available" >= 0),
	CONSTRAINT "point_balances_sum" CHECK ("point_balances"."available" = "point_balances"."regular" + "point_balances"."additional" - "point_balances"."used" - "point_balances"."expired")
);
--> statement-breakpoint
CREATE TABLE "point_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"entry_date" date NOT NULL,
	"expires_on" date,
	"description" text DEFAULT '' NOT NULL,
	"booking_id" integer,
	"segment_row_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_entries_nonzero" CHECK ("point_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"agent_id" integer NOT NULL,
	"credited_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"credited" integer NOT NULL,
	"remaining" integer NOT NULL,
	CONSTRAINT "point_lots_agent_id_credited_on_pk" PRIMARY KEY("agent_id","credited_on"),
	CONSTRAINT "point_lots_remaining" CHECK ("point_lots"."remaining" >= 0 and "point_lots"."remaining" <= "point_lots"."credited")
);
--> statement-breakpoint
ALTER TABLE "booking_segments" ADD CONSTRAINT "booking_segments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expiry_reminders" ADD CONSTRAINT "expiry_reminders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_adjustments" ADD CONSTRAINT "point_adjustments_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_allocations" ADD CONSTRAINT "point_allocations_entry_id_point_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."point_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_entries" ADD CONSTRAINT "point_entries_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_segments_booking_segment_idx" ON "booking_segments" USING btree ("booking_id","segment_id");--> statement-breakpoint
CREATE INDEX "booking_segments_pending_idx" ON "booking_segments" USING btree ("service_date") WHERE "booking_segments"."status" = 'PD';--> statement-breakpoint
CREATE INDEX "bookings_agent_idx" ON "bookings" USING btree ("agent_id","created_on");--> statement-breakpoint
CREATE INDEX "bookings_member_number_idx" ON "bookings" USING btree ("member_number");--> statement-breakpoint
CREATE INDEX "point_entries_agent_idx" ON "point_entries" USING btree ("agent_id","kind","entry_date");--> statement-breakpoint
CREATE INDEX "point_lots_expiry_idx" ON "point_lots" USING btree ("expires_on") WHERE "point_lots"."remaining" > 0;