-- The search within the 'Free' and 'Freemium' filters, whose conditions imply this predicate (decision 076): 'writer,
-- free or freemium, 4 stars' at 100,000 tools found 5,009 rated writers through tools_search_idx and the rating index
-- and read each from the table to drop all but 3 that are free; within this index the search finds only free ones.
CREATE INDEX "tools_search_free_idx" ON "tools" USING gin ("search_vector") WITH (fastupdate=false) WHERE "tools"."is_free" or "tools"."has_free_trial";