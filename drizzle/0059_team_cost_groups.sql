-- The identity of a tool's team-cost terms (decision 095): tools with identical terms have the same figure for every
-- team size, and ties go by name, so a page of a reader's own size needs only the first names of each group of
-- identical terms. md5 of the terms' text (jsonb's text is canonical: equal text, equal terms); SQL null terms are a
-- group of their own (no figure for any size). The index walks the groups one descent each (the 'Paid' filter's
-- is_free among them, so a group of free tools is skipped at once under it) and each group's names in order.
ALTER TABLE "tools" ADD COLUMN "team_cost_terms_key" uuid GENERATED ALWAYS AS (md5(coalesce("team_cost_terms"::text, ''))::uuid) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "tools_team_cost_group_idx" ON "tools" USING btree ("team_cost_terms_key", "is_free", lower("name") COLLATE "C");
