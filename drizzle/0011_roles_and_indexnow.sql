CREATE TABLE "search_engine_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_engine_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"engine" text NOT NULL,
	"trigger" text NOT NULL,
	"url_count" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"http_status" smallint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "search_engine_submissions_status_check" CHECK ("search_engine_submissions"."status" in ('pending', 'success', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'reader' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_engine_submissions_created_idx" ON "search_engine_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('reader', 'editor', 'owner'));