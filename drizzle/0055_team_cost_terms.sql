ALTER TABLE "tools" ADD COLUMN "team_cost_terms" jsonb;
