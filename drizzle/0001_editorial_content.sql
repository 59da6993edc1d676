CREATE TABLE "authors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bio" text NOT NULL,
	"expertise" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"color" text NOT NULL,
	"sort_order" integer NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_reviews" (
	"tool_slug" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"published_at" date NOT NULL,
	"last_tested_at" date NOT NULL,
	"body" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"category_slug" text NOT NULL,
	"rating" real NOT NULL,
	"website_url" text NOT NULL,
	"pricing" text NOT NULL,
	"is_free" boolean NOT NULL,
	"is_pro" boolean NOT NULL,
	"has_free_trial" boolean NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"commission_rate" integer,
	"is_high_value" boolean DEFAULT false NOT NULL,
	"features" jsonb NOT NULL,
	"capabilities" jsonb NOT NULL,
	"use_cases" jsonb NOT NULL,
	"alternatives" jsonb NOT NULL,
	"last_checked" date NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "tool_reviews" ADD CONSTRAINT "tool_reviews_tool_slug_tools_slug_fk" FOREIGN KEY ("tool_slug") REFERENCES "public"."tools"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_reviews" ADD CONSTRAINT "tool_reviews_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_idx" ON "tools" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "tools_rating_idx" ON "tools" USING btree ("rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops);