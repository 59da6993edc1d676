CREATE TABLE "tool_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"domain" text NOT NULL,
	"email" text,
	"nonce" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"lapsed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tool_claims_method_check" CHECK ("tool_claims"."method" in ('email', 'dns', 'file')),
	CONSTRAINT "tool_claims_status_check" CHECK ("tool_claims"."status" in ('pending', 'verified', 'lapsed', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "tool_claims" ADD CONSTRAINT "tool_claims_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_claims" ADD CONSTRAINT "tool_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_claims" ADD CONSTRAINT "tool_claims_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tool_claims_tool_user_idx" ON "tool_claims" USING btree ("tool_id","user_id");--> statement-breakpoint
CREATE INDEX "tool_claims_user_idx" ON "tool_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tool_claims_due_idx" ON "tool_claims" USING btree ("status","last_checked_at");