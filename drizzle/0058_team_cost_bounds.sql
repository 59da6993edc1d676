-- Bounds for the 'cost for a team of N' sorts at a reader's own size (decision 093), generated like the default team's
-- figure (migration 0056) by the same function. The figure f(N) never falls as N grows and, once null, stays null:
-- f(1) (one person's figure, walked both ways) is a lower bound of every size; the two ceilings are upper bounds, f(5)
-- for 2-4 people and f(1000) for 6-1,000, 'Infinity' where they have no figure but a smaller size has (flat plans
-- covering 2-4 people, 5-999), so the tools no bound speaks for are the first of their walk, not a scan of their own.
ALTER TABLE "tools" ADD COLUMN "team_cost_one_usd" double precision GENERATED ALWAYS AS (team_first_year_usd("team_cost_terms", 1)) STORED;
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "team_cost_small_ceiling_usd" double precision GENERATED ALWAYS AS (coalesce(team_first_year_usd("team_cost_terms", 5), CASE WHEN team_first_year_usd("team_cost_terms", 2) IS NOT NULL THEN 'Infinity'::double precision END)) STORED;
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "team_cost_ceiling_usd" double precision GENERATED ALWAYS AS (coalesce(team_first_year_usd("team_cost_terms", 1000), CASE WHEN team_first_year_usd("team_cost_terms", 5) IS NOT NULL THEN 'Infinity'::double precision END)) STORED;
--> statement-breakpoint
CREATE INDEX "tools_sort_team_cost_one_idx" ON "tools" USING btree ("team_cost_one_usd" ASC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_sort_team_cost_one_desc_idx" ON "tools" USING btree ("team_cost_one_usd" DESC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_team_cost_small_ceiling_idx" ON "tools" USING btree ("team_cost_small_ceiling_usd" DESC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_team_cost_ceiling_idx" ON "tools" USING btree ("team_cost_ceiling_usd" DESC NULLS LAST, lower("name") COLLATE "C");
