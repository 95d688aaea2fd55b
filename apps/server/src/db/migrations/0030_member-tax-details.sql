CREATE TABLE "member_tax_details" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"sent_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_by_staff_id" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "member_tax_details_state_check" CHECK ("member_tax_details"."state" in ('sent', 'confirmed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "tax_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_tax_details" ADD CONSTRAINT "member_tax_details_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;