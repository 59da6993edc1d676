CREATE TABLE "fact_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fact_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject_kind" text NOT NULL,
	"subject" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_by" text NOT NULL,
	"editor_id" text,
	"source_url" text NOT NULL,
	"outcome" text NOT NULL,
	"facts_hash" text NOT NULL,
	"details" jsonb,
	CONSTRAINT "fact_checks_kind_check" CHECK ("fact_checks"."subject_kind" in ('tool-pricing', 'deal')),
	CONSTRAINT "fact_checks_by_check" CHECK ("fact_checks"."checked_by" in ('fetch', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "link_passes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_passes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" integer NOT NULL,
	"failed" integer NOT NULL,
	"hosts" integer NOT NULL,
	"outage" text
);
--> statement-breakpoint
ALTER TABLE "link_checks" ADD COLUMN "last_ok_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fact_checks" ADD CONSTRAINT "fact_checks_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fact_checks_subject_idx" ON "fact_checks" USING btree ("subject_kind","subject","checked_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "last_checked";--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "content_changed_at";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "facts_hash" text;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "facts_changed_at" timestamp with time zone;--> statement-breakpoint
-- A link that worked at its last check worked then: the one date the public pages may show.
UPDATE "link_checks" SET "last_ok_at" = "checked_at" WHERE "ok";
