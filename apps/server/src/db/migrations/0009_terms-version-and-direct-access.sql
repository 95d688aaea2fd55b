CREATE TABLE "direct_access_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "direct_access_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"is_amadeus_direct_user" boolean NOT NULL,
	"reason" text NOT NULL,
	"office_id" varchar(20),
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "accepted_terms_version" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "terms_version" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_access_changes" ADD CONSTRAINT "direct_access_changes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_access_changes_agent_idx" ON "direct_access_changes" USING btree ("agent_id");--> statement-breakpoint
-- Members who accepted the terms before they had versions accepted the first one.
UPDATE "agents" SET "accepted_terms_version" = '1' WHERE "terms_accepted_at" IS NOT NULL;
