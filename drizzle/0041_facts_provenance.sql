-- Issue 41 (decision 063). A course's figures keep the page each was read from; its file says the day it was written
-- (added_at, the former last_checked: the day the writer noted the details), never a date of checking.
ALTER TABLE "courses" ADD COLUMN "figure_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" RENAME COLUMN "last_checked" TO "added_at";--> statement-breakpoint
-- Who made a tool's screenshot, shown under it ('Added … by our editors'); every one so far was an editor's upload.
ALTER TABLE "tool_screenshots" ADD COLUMN "provided_by" text DEFAULT 'editors' NOT NULL;--> statement-breakpoint
ALTER TABLE "tool_screenshots" ADD CONSTRAINT "tool_screenshots_provided_by" CHECK ("tool_screenshots"."provided_by" in ('editors', 'maker'));
