CREATE TABLE "task_tools" (
	"task_slug" text NOT NULL,
	"tool_slug" text NOT NULL,
	"position" smallint NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "task_tools_task_slug_tool_slug_pk" PRIMARY KEY("task_slug","tool_slug")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_slug" text NOT NULL,
	"summary" text NOT NULL,
	"synonyms" jsonb NOT NULL,
	"written_at" date NOT NULL,
	"content_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_tools" ADD CONSTRAINT "task_tools_task_slug_tasks_slug_fk" FOREIGN KEY ("task_slug") REFERENCES "public"."tasks"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_tools" ADD CONSTRAINT "task_tools_tool_slug_tools_slug_fk" FOREIGN KEY ("tool_slug") REFERENCES "public"."tools"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_tools_tool_idx" ON "task_tools" USING btree ("tool_slug");--> statement-breakpoint
CREATE INDEX "tasks_category_idx" ON "tasks" USING btree ("category_slug");