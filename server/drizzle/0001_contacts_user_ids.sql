ALTER TABLE "contacts" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "wa_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_user_id_unique" ON "contacts" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "contacts_account_wa_id_idx" ON "contacts" USING btree ("account_id","wa_id");