ALTER TABLE "countries" ADD COLUMN "phone_code" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "phone_example" text;