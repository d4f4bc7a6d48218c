ALTER TABLE "payments" ADD COLUMN "provider_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;