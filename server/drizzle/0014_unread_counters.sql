-- Unread counts by counters (server/src/modules/conversations/unread.ts): each conversation counts its incoming
-- messages, and a read remembers that count; the existing rows are filled in from the messages.
ALTER TABLE "conversation_reads" ADD COLUMN "incoming_read" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "incoming_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_incoming_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "conversations" c SET "incoming_count" = x.n, "first_incoming_at" = x.first
FROM (
  SELECT "conversation_id", count(*)::int AS n, min("created_at") AS first FROM "messages"
  WHERE "direction" = 'incoming' GROUP BY "conversation_id"
) x
WHERE x."conversation_id" = c."id";--> statement-breakpoint
UPDATE "conversation_reads" r SET "incoming_read" = (
  SELECT count(*)::int FROM "messages" m
  WHERE m."conversation_id" = r."conversation_id" AND m."direction" = 'incoming' AND m."created_at" <= r."read_at"
);--> statement-breakpoint
CREATE INDEX "conversations_account_first_incoming_idx" ON "conversations" USING btree ("account_id","first_incoming_at");
