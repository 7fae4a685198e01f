-- Search (issue #21): trigram matching, shipped with PostgreSQL and loaded into PGlite as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_profile_name_trgm_idx" ON "contacts" USING gin ("profile_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_username_trgm_idx" ON "contacts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_search_text_trgm_idx" ON "messages" USING gin ((coalesce(content->>'text', '') || ' ' || coalesce(content->>'caption', '')) gin_trgm_ops);