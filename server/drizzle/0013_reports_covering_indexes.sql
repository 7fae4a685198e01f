-- Reports read these two indexes only, never the messages table (server/src/modules/reports/service.ts): each is
-- the index it replaces with the columns a report reads stored in it (INCLUDE; Drizzle cannot declare it, so the
-- schema shows the keys only). The new ones are built first and the old ones dropped after, so reads go on
-- meanwhile; writes to messages wait while each is built (docs/api.md, Reports).
CREATE INDEX "messages_conversation_timeline_covering_idx" ON "messages" USING btree ("conversation_id",coalesce("sent_at", "created_at"),"created_at","id") INCLUDE ("sent_at","direction","status","sent_by_user_id","sent_from");--> statement-breakpoint
CREATE INDEX "messages_account_time_covering_idx" ON "messages" USING btree ("account_id",coalesce("sent_at", "created_at")) INCLUDE ("sent_at","created_at","conversation_id","direction","status");--> statement-breakpoint
DROP INDEX "messages_conversation_timeline_idx";--> statement-breakpoint
DROP INDEX "messages_account_time_idx";--> statement-breakpoint
-- An index-only scan still reads the table for pages that VACUUM has not marked all-visible; by default autovacuum
-- visits an insert-only table after 20 % new rows, so a month of new messages could be unmarked at once. After 2 %.
ALTER TABLE "messages" SET (autovacuum_vacuum_insert_scale_factor = 0.02);
