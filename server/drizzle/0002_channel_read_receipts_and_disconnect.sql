ALTER TABLE "whatsapp_connections" ADD COLUMN "disconnect_reason" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_receipt_at" timestamp (3) with time zone;