CREATE TABLE "shortlist_items" (
	"shortlist_id" bigint NOT NULL,
	"tool_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_items_shortlist_id_tool_id_pk" PRIMARY KEY("shortlist_id","tool_id"),
	CONSTRAINT "shortlist_items_note_check" CHECK (char_length("shortlist_items"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "shortlists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shortlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"team_size" integer DEFAULT 5 NOT NULL,
	"share_token" text,
	"alerts" boolean DEFAULT false NOT NULL,
	"alerts_sent_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlists_name_check" CHECK (char_length("shortlists"."name") between 1 and 80),
	CONSTRAINT "shortlists_team_size_check" CHECK ("shortlists"."team_size" between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "reader_mailings" DROP CONSTRAINT "reader_mailings_kind_check";--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_shortlist_id_shortlists_id_fk" FOREIGN KEY ("shortlist_id") REFERENCES "public"."shortlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_items" ADD CONSTRAINT "shortlist_items_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_items_tool_idx" ON "shortlist_items" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "shortlists_user_idx" ON "shortlists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlists_share_token_idx" ON "shortlists" USING btree ("share_token");--> statement-breakpoint
ALTER TABLE "reader_mailings" ADD CONSTRAINT "reader_mailings_kind_check" CHECK ("reader_mailings"."kind" in ('alert', 'digest', 'shortlist'));