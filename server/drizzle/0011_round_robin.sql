ALTER TABLE "accounts" ADD COLUMN "round_robin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "round_robin_last_user_id" uuid;