CREATE TABLE "gift_categories" (
	"country_code" varchar(2) NOT NULL,
	"id" varchar(40) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gift_categories_country_code_id_language_code_pk" PRIMARY KEY("country_code","id","language_code")
);
--> statement-breakpoint
CREATE TABLE "gift_order_lines" (
	"order_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "gift_order_lines_order_id_gift_id_pk" PRIMARY KEY("order_id","gift_id"),
	CONSTRAINT "gift_order_lines_quantity" CHECK ("gift_order_lines"."quantity" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "gift_ordering" (
	"country_code" varchar(2) PRIMARY KEY NOT NULL,
	"order_disabled" boolean DEFAULT false NOT NULL,
	"from1" date,
	"to1" date,
	"from2" date,
	"to2" date,
	"from3" date,
	"to3" date,
	"from4" date,
	"to4" date
);
--> statement-breakpoint
CREATE TABLE "gift_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agent_id" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"order_key" varchar(64) NOT NULL,
	"state" text DEFAULT 'placed' NOT NULL,
	"delivery" text NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"total_points" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "gift_orders_total_positive" CHECK ("gift_orders"."total_points" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_texts" (
	"gift_id" integer NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"description" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	CONSTRAINT "gift_texts_gift_id_language_code_pk" PRIMARY KEY("gift_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"category" varchar(40) NOT NULL,
	"points" integer NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "gifts_points_positive" CHECK ("gifts"."points" > 0),
	CONSTRAINT "gifts_stock_not_negative" CHECK ("gifts"."stock" is null or "gifts"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_tax_info" (
	"agent_id" integer PRIMARY KEY NOT NULL,
	"tax_ok" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_order_lines" ADD CONSTRAINT "gift_order_lines_order_id_gift_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gift_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_order_lines" ADD CONSTRAINT "gift_order_lines_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD CONSTRAINT "gift_orders_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_texts" ADD CONSTRAINT "gift_texts_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tax_info" ADD CONSTRAINT "member_tax_info_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_orders_key_idx" ON "gift_orders" USING btree ("agent_id","order_key");--> statement-breakpoint
CREATE INDEX "gift_orders_due_idx" ON "gift_orders" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "gift_orders_agent_idx" ON "gift_orders" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_country_idx" ON "gifts" USING btree ("country_code","category");