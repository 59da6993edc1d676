-- Whether and when a contact message was answered (issue 41, decision 062): the inbox flags messages unanswered after
-- 48 hours, and /contact publishes the median reply time of the last 30 days once ten replies back it.
ALTER TABLE "contact_messages" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_replied_idx" ON "contact_messages" USING btree ("replied_at");
