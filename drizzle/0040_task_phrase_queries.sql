-- Each task phrase also as the phrase query the matcher tests a search against ('in_order' in
-- models/task/search.server.ts): computed once here instead of for every phrase a search shares a word with, which
-- cost a search about 3 ms of its 10 in the database (issue 31). Otherwise the view of 0038_task_phrases.sql.
DROP MATERIALIZED VIEW "task_phrases";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "task_phrases" AS
  SELECT phrases.task_slug, phrases.phrase,
         -- A hyphenated word counts by its parts ('dall-e' is 'dall' and 'e', as the search reads 'dall e').
         ARRAY(SELECT lexeme FROM unnest(tsvector_to_array(phrases.vector)) AS lexeme WHERE lexeme NOT LIKE '%-%') AS lexemes,
         (SELECT entry.lexeme FROM unnest(phrases.vector) AS entry
          WHERE entry.positions @> ARRAY[last.position]
            AND EXISTS (SELECT 1 FROM unnest(phrases.vector) AS other WHERE other.positions @> ARRAY[(last.position - 1)::smallint])
          LIMIT 1) AS head,
         phraseto_tsquery('english', phrases.phrase) AS query
  FROM (
    SELECT slug AS task_slug, name AS phrase, to_tsvector('english', name) AS vector FROM public.tasks
    UNION ALL
    SELECT tasks.slug, synonym.phrase, to_tsvector('english', synonym.phrase)
    FROM public.tasks CROSS JOIN LATERAL jsonb_array_elements_text(tasks.synonyms) AS synonym(phrase)
  ) AS phrases
  CROSS JOIN LATERAL (SELECT max(position) AS position FROM unnest(phrases.vector) AS entry, unnest(entry.positions) AS position) AS last;
--> statement-breakpoint
CREATE INDEX "task_phrases_lexemes_idx" ON "task_phrases" USING gin (lexemes);
