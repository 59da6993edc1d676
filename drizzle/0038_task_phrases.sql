-- The search's task phrases (decision 046): each task's name and synonyms with their English lexemes, and the lexeme
-- of the phrase's last word when it follows another word directly ('crm software': 'softwar'; 'prompt to app': none),
-- compared with a search's by models/task/search.server.ts. The content sync refreshes it when tasks change.
CREATE MATERIALIZED VIEW "task_phrases" AS
  SELECT phrases.task_slug, phrases.phrase,
         -- A hyphenated word counts by its parts ('dall-e' is 'dall' and 'e', as the search reads 'dall e').
         ARRAY(SELECT lexeme FROM unnest(tsvector_to_array(phrases.vector)) AS lexeme WHERE lexeme NOT LIKE '%-%') AS lexemes,
         (SELECT entry.lexeme FROM unnest(phrases.vector) AS entry
          WHERE entry.positions @> ARRAY[last.position]
            AND EXISTS (SELECT 1 FROM unnest(phrases.vector) AS other WHERE other.positions @> ARRAY[(last.position - 1)::smallint])
          LIMIT 1) AS head
  FROM (
    SELECT slug AS task_slug, name AS phrase, to_tsvector('english', name) AS vector FROM public.tasks
    UNION ALL
    SELECT tasks.slug, synonym.phrase, to_tsvector('english', synonym.phrase)
    FROM public.tasks CROSS JOIN LATERAL jsonb_array_elements_text(tasks.synonyms) AS synonym(phrase)
  ) AS phrases
  CROSS JOIN LATERAL (SELECT max(position) AS position FROM unnest(phrases.vector) AS entry, unnest(entry.positions) AS position) AS last;
--> statement-breakpoint
CREATE INDEX "task_phrases_lexemes_idx" ON "task_phrases" USING gin (lexemes);
--> statement-breakpoint
-- The typo-correction lexicon also knows task names and synonyms and the synonym table's phrases ('dictation').
DROP MATERIALIZED VIEW "search_words";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_words" AS
  SELECT word FROM ts_stat($$SELECT to_tsvector('simple', name || ' ' || tagline || ' ' || replace(category_slug, '-', ' ')) FROM public.tools UNION ALL SELECT to_tsvector('simple', title || ' ' || keywords::text) FROM public.posts UNION ALL SELECT to_tsvector('simple', title || ' ' || instructor) FROM public.courses UNION ALL SELECT to_tsvector('simple', name || ' ' || synonyms::text) FROM public.tasks UNION ALL SELECT to_tsvector('simple', phrases::text) FROM public.search_synonyms$$)
  WHERE length(word) >= 3;
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_word_idx" ON "search_words" (word);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin (word gin_trgm_ops);
