CREATE TABLE "pair_verdicts" (
	"pair" text PRIMARY KEY NOT NULL,
	"first_slug" text NOT NULL,
	"second_slug" text NOT NULL,
	"author_id" text NOT NULL,
	"summary" text NOT NULL,
	"choose_first" text NOT NULL,
	"choose_second" text NOT NULL,
	"differences" jsonb NOT NULL,
	"written_at" date NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pair_verdicts" ADD CONSTRAINT "pair_verdicts_first_slug_tools_slug_fk" FOREIGN KEY ("first_slug") REFERENCES "public"."tools"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pair_verdicts" ADD CONSTRAINT "pair_verdicts_second_slug_tools_slug_fk" FOREIGN KEY ("second_slug") REFERENCES "public"."tools"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "pair_verdicts" ADD CONSTRAINT "pair_verdicts_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;