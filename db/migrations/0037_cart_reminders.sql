ALTER TABLE "carts" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "last_reminded_at" timestamp with time zone;