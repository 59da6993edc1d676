CREATE SEQUENCE "public"."community_tool_ids" INCREMENT BY 1 MINVALUE 1000000 MAXVALUE 9223372036854775807 START WITH 1000000 CACHE 1;--> statement-breakpoint
CREATE TABLE "tool_submissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"website_url" text NOT NULL,
	"domain" text NOT NULL,
	"category_slug" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"pricing_text" text NOT NULL,
	"pricing_model" text NOT NULL,
	"has_free_trial" boolean NOT NULL,
	"maker_role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"tool_id" integer,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_submissions_status_check" CHECK ("tool_submissions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "tool_submissions_pricing_model_check" CHECK ("tool_submissions"."pricing_model" in ('free', 'freemium', 'paid')),
	CONSTRAINT "tool_submissions_maker_role_check" CHECK ("tool_submissions"."maker_role" in ('maker', 'employee', 'user', 'agency'))
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "source" text DEFAULT 'editorial' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "added_at" date;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_submissions" ADD CONSTRAINT "tool_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_submissions_status_created_idx" ON "tool_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tool_submissions_user_idx" ON "tool_submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tool_submissions_domain_idx" ON "tool_submissions" USING btree ("domain");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_source_check" CHECK (("tools"."source" = 'editorial' and "tools"."id" < 1000000) or ("tools"."source" = 'community' and "tools"."id" >= 1000000));