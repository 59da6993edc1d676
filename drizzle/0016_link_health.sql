CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"url" text NOT NULL,
	"status" smallint,
	"error" text,
	"ok" boolean NOT NULL,
	"final_url" text,
	"checked_at" timestamp with time zone NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_checks_kind_target_pk" PRIMARY KEY("kind","target"),
	CONSTRAINT "link_checks_kind_check" CHECK ("link_checks"."kind" in ('tool', 'course', 'deal'))
);
--> statement-breakpoint
CREATE INDEX "link_checks_failures_idx" ON "link_checks" USING btree ("consecutive_failures" DESC NULLS LAST);