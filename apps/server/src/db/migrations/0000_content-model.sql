CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_version_single_row" CHECK ("content_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_language_code" varchar(3) NOT NULL,
	"sub_domain_disabled" boolean DEFAULT false NOT NULL,
	"decision_maker_opt_in" boolean DEFAULT false NOT NULL,
	"double_opt" boolean DEFAULT false NOT NULL,
	"menu_hidden" boolean DEFAULT false NOT NULL,
	"language_select_hidden" boolean DEFAULT false NOT NULL,
	"contact_us_email" text,
	"amadeus_direct_url_to_redirect" text,
	"params_route" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_languages" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"native_title" text NOT NULL,
	"short_code" varchar(2) NOT NULL,
	"is_rtl" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "country_languages_country_code_language_code_pk" PRIMARY KEY("country_code","language_code")
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "dictionary_entries_country_code_language_code_key_pk" PRIMARY KEY("country_code","language_code","key")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"page_name" text NOT NULL,
	"position" integer NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "faq_items_country_code_language_code_page_name_position_pk" PRIMARY KEY("country_code","language_code","page_name","position")
);
--> statement-breakpoint
CREATE TABLE "header_alerts" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "header_alerts_country_code_language_code_position_pk" PRIMARY KEY("country_code","language_code","position")
);
--> statement-breakpoint
CREATE TABLE "header_images" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"position" integer NOT NULL,
	"url" text,
	"target" text NOT NULL,
	"image" text NOT NULL,
	"image_mobile" text NOT NULL,
	"image_macbook" text NOT NULL,
	"alt" text NOT NULL,
	CONSTRAINT "header_images_country_code_language_code_position_pk" PRIMARY KEY("country_code","language_code","position")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"position" integer NOT NULL,
	"page_name" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "menu_items_country_code_language_code_position_pk" PRIMARY KEY("country_code","language_code","position")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"post_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "pages_country_code_language_code_name_pk" PRIMARY KEY("country_code","language_code","name")
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"country_code" varchar(2) NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "texts_country_code_language_code_key_pk" PRIMARY KEY("country_code","language_code","key")
);
--> statement-breakpoint
ALTER TABLE "country_languages" ADD CONSTRAINT "country_languages_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_entries" ADD CONSTRAINT "dictionary_entries_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_page_fk" FOREIGN KEY ("country_code","language_code","page_name") REFERENCES "public"."pages"("country_code","language_code","name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "header_alerts" ADD CONSTRAINT "header_alerts_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "header_images" ADD CONSTRAINT "header_images_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_locale_fk" FOREIGN KEY ("country_code","language_code") REFERENCES "public"."country_languages"("country_code","language_code") ON DELETE cascade ON UPDATE no action;