CREATE TABLE "terms_version_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terms_version_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" varchar(2) NOT NULL,
	"previous_version" text NOT NULL,
	"terms_version" text NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_version_changes" ADD CONSTRAINT "terms_version_changes_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_version_changes_country_idx" ON "terms_version_changes" USING btree ("country_code","changed_at");--> statement-breakpoint
CREATE INDEX "login_failures_key_prefix_idx" ON "login_failures" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("recipient"));