CREATE TABLE "content_staff_edits" (
	"country_code" varchar(2) NOT NULL,
	"path" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by" text NOT NULL,
	CONSTRAINT "content_staff_edits_country_code_path_pk" PRIMARY KEY("country_code","path")
);
