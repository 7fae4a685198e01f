ALTER TABLE "messages" ADD COLUMN "error_details" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_from" text;--> statement-breakpoint
ALTER TABLE "message_pending_statuses" ADD COLUMN "error_details" text;--> statement-breakpoint
CREATE INDEX "messages_conversation_timeline_idx" ON "messages" USING btree ("conversation_id",coalesce("sent_at", "created_at"),"created_at","id");