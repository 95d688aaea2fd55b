ALTER TABLE "gift_categories" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_texts" ADD COLUMN "image_alt" text;