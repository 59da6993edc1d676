-- The 'cost for a team of N' figure (decision 086) as a database function, and its value for the default team (5,
-- lib/tool/team-size.ts DEFAULT_TEAM_SIZE) as a generated column with the sort's two indexes (decision 088).
CREATE FUNCTION team_first_year_usd(terms jsonb, team integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (SELECT min(floor(t.price * (CASE WHEN t."perSeat" THEN greatest(team, t."minSeats") ELSE 1 END) * t.periods * t."usdPer" * 100 + 0.5) / 100)
  FROM jsonb_to_recordset(terms) AS t(price float8, periods float8, "usdPer" float8, "perSeat" boolean, "minSeats" float8, covers float8)
  WHERE t."perSeat" OR team = 1 OR t.covers IS NULL OR t.covers >= team);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "team_cost_usd" double precision GENERATED ALWAYS AS (team_first_year_usd("team_cost_terms", 5)) STORED;
--> statement-breakpoint
CREATE INDEX "tools_sort_team_cost_idx" ON "tools" USING btree ("team_cost_usd" ASC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_sort_team_cost_desc_idx" ON "tools" USING btree ("team_cost_usd" DESC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_free_team_cost_idx" ON "tools" USING btree ("is_free", "team_cost_usd" ASC NULLS LAST, lower("name") COLLATE "C");
--> statement-breakpoint
CREATE INDEX "tools_free_team_cost_desc_idx" ON "tools" USING btree ("is_free", "team_cost_usd" DESC NULLS LAST, lower("name") COLLATE "C");
