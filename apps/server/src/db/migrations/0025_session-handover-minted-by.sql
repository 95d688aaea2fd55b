-- Codes live a minute: those minted before codes named their session are dropped.
DELETE FROM "session_handovers";--> statement-breakpoint
ALTER TABLE "session_handovers" ADD COLUMN "session_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "session_handovers" ADD CONSTRAINT "session_handovers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_handovers_session_idx" ON "session_handovers" USING btree ("session_id");