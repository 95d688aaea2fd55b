CREATE TABLE "office_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "office_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"source" text NOT NULL,
	"countries" text[],
	"file_name" text NOT NULL,
	"outcome" text NOT NULL,
	"summary" jsonb NOT NULL,
	"rejected_count" integer NOT NULL,
	"rejected_lines" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_state_changes" ALTER COLUMN "previous_active" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ALTER COLUMN "last_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ALTER COLUMN "link_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_links" ADD COLUMN "issued_by" text;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD COLUMN "office_import_id" integer;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD COLUMN "previous_direct" boolean;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD COLUMN "direct" boolean;--> statement-breakpoint
CREATE INDEX "office_imports_at_idx" ON "office_imports" USING btree ("at");--> statement-breakpoint
CREATE INDEX "booking_imports_started_idx" ON "booking_imports" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "booking_imports_countries_idx" ON "booking_imports" USING gin ("countries");--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD CONSTRAINT "agency_state_changes_office_import_id_office_imports_id_fk" FOREIGN KEY ("office_import_id") REFERENCES "public"."office_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offices_country_office_id_idx" ON "offices" USING btree ("country_code","office_id");--> statement-breakpoint
CREATE INDEX "offices_office_id_pattern_idx" ON "offices" USING btree ("office_id" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "offices_search_words_idx" ON "offices" USING gin (to_tsvector('simple'::regconfig, "agency_name" || ' ' || "address" || ' ' || "zip"));