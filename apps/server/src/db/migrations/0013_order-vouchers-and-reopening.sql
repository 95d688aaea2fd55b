ALTER TABLE "gift_ordering" ADD COLUMN "reopens_on" date;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD COLUMN "vouchers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_orders" ADD COLUMN "failed_by" text;