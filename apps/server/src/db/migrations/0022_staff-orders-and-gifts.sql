CREATE TABLE "gift_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_code" varchar(2) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_order_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_order_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"call" text NOT NULL,
	"outcome" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
DROP INDEX "gift_orders_country_state_idx";--> statement-breakpoint
ALTER TABLE "gift_ordering" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gifts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_order_attempts" ADD CONSTRAINT "gift_order_attempts_order_id_gift_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_order_attempts_order_idx" ON "gift_order_attempts" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "gift_order_lines_gift_idx" ON "gift_order_lines" USING btree ("gift_id","order_id");--> statement-breakpoint
CREATE INDEX "gift_orders_country_created_idx" ON "gift_orders" USING btree ("country_code","created_at");--> statement-breakpoint
CREATE INDEX "gift_orders_country_state_created_idx" ON "gift_orders" USING btree ("country_code","state","created_at");--> statement-breakpoint
CREATE INDEX "gift_orders_state_created_idx" ON "gift_orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "gift_orders_created_idx" ON "gift_orders" USING btree ("created_at");