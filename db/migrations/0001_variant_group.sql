ALTER TABLE "products" ADD COLUMN "variant_group" text;--> statement-breakpoint
CREATE INDEX "products_variant_group_idx" ON "products" USING btree ("variant_group");