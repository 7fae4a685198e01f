-- Search in messages (issue #21): trigram matching, shipped with PostgreSQL and loaded into PGlite as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "messages_search_text_trgm_idx" ON "messages" USING gin ((coalesce(content->>'text', '') || ' ' || coalesce(content->>'caption', '')) gin_trgm_ops);
