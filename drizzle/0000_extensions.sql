-- drizzle-kit emits no CREATE EXTENSION; trigram matching powers typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
