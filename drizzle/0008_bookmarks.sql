CREATE TABLE "bookmarks" (
	"user_id" text NOT NULL,
	"post_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_post_slug_pk" PRIMARY KEY("user_id","post_slug")
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_post_slug_posts_slug_fk" FOREIGN KEY ("post_slug") REFERENCES "public"."posts"("slug") ON DELETE cascade ON UPDATE no action;