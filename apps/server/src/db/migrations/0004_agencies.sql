CREATE TABLE "agency_links" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"office_id" varchar(20) NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agency_state_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agency_state_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" varchar(20) NOT NULL,
	"previous_active" boolean NOT NULL,
	"active" boolean NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"link_id" varchar(32) NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_links" ADD CONSTRAINT "agency_links_office_id_offices_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD CONSTRAINT "agency_state_changes_office_id_offices_office_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("office_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_state_changes" ADD CONSTRAINT "agency_state_changes_link_id_agency_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."agency_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_links_office_idx" ON "agency_links" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "agency_state_changes_office_idx" ON "agency_state_changes" USING btree ("office_id","changed_at");