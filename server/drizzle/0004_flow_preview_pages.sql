ALTER TABLE "flows" ADD COLUMN "preview_url" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "preview_expires_at" timestamp with time zone;