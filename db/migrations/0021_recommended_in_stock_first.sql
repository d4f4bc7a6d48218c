-- "Recommended", the listing's default order, lists products in stock before sold-out ones
-- (docs/catalogue.md "Facets and listings"): the default order's index leads with the same
-- expression the listing orders by, (stock > 0) DESC, so a page is still read from the index in order.
DROP INDEX "products_listing_default_idx";--> statement-breakpoint
CREATE INDEX "products_listing_default_idx" ON "products" USING btree (("stock" > 0) DESC,"featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" IS NULL;
