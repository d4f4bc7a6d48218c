DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (translate("products"."name", 'ÅÄÖåäöÉéÜüØøÆæ', 'AAOaaoEeUuOoAa')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_key" text GENERATED ALWAYS AS (regexp_replace(lower("products"."sku"), '[^a-z0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_digits" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(lower("products"."sku"), '[^a-z0-9]', '', 'g'), '^[a-z]+', '')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "kind" text GENERATED ALWAYS AS (regexp_replace(regexp_replace(regexp_replace(lower(regexp_replace("products"."name", '^((?!TV )[^a-z ]+ (/ )?)+', '')), '(,| with | w | for | f |/|[+]).*$', ''), ' (frame|unit|combination)$', ''), '^.*[ -]', '')) STORED;--> statement-breakpoint
CREATE INDEX "products_name_folded_trgm_idx" ON "products" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_key_idx" ON "products" USING btree ("sku_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_sku_digits_idx" ON "products" USING btree ("sku_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_listing_default_idx" ON "products" USING btree ("featured" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_price_idx" ON "products" USING btree ("price","id") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_name_idx" ON "products" USING btree ("name","id") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_listing_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_facets_idx" ON "products" USING btree ("style","function","mobility","width_cm","height_cm","depth_cm","id","category_id","category_ids","rating_average") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_category_ids_idx" ON "products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "products_function_idx" ON "products" USING btree ("function");--> statement-breakpoint
CREATE INDEX "products_mobility_idx" ON "products" USING btree ("mobility");--> statement-breakpoint
CREATE INDEX "products_width_idx" ON "products" USING btree ("width_cm");--> statement-breakpoint
CREATE INDEX "products_height_idx" ON "products" USING btree ("height_cm");--> statement-breakpoint
CREATE INDEX "products_depth_idx" ON "products" USING btree ("depth_cm");--> statement-breakpoint
-- Hand-written (issue 18): products.category_ids is every category a product is listed in, its
-- primary category_id and its product_categories links, kept here so that no writer can forget it.
CREATE FUNCTION products_category_ids(p_id integer, p_primary integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(c ORDER BY c), '{}'::integer[])
  FROM (SELECT category_id AS c FROM product_categories WHERE product_id = p_id UNION SELECT p_primary WHERE p_primary IS NOT NULL) s
$$;--> statement-breakpoint
CREATE FUNCTION products_set_category_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.category_ids := products_category_ids(NEW.id, NEW.category_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_category_ids BEFORE INSERT OR UPDATE OF category_id, category_ids ON products
  FOR EACH ROW EXECUTE FUNCTION products_set_category_ids();--> statement-breakpoint
-- Links change in bulk (the import, a product's delete): one UPDATE per statement, of the products it touched.
CREATE FUNCTION product_categories_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET category_ids = products_category_ids(p.id, p.category_id)
  WHERE p.id IN (SELECT product_id FROM changed_links);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_categories_sync_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync();--> statement-breakpoint
CREATE TRIGGER product_categories_sync_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync();--> statement-breakpoint
CREATE TRIGGER product_categories_sync_update_old AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync();--> statement-breakpoint
CREATE TRIGGER product_categories_sync_update_new AFTER UPDATE ON product_categories
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION product_categories_sync();--> statement-breakpoint
UPDATE products SET category_ids = products_category_ids(id, category_id);
