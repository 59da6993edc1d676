CREATE TABLE "records_kept_since" (
	"record" text PRIMARY KEY NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The price history starts now: pages say since when it is kept (decision 033).
INSERT INTO "records_kept_since" ("record") VALUES ('tool-changes');