-- The GIN indexes of products without a pending list (db/schema.ts): future writes go straight into
-- the index, and what the lists hold now is merged, so no search reads a pending list again.
ALTER INDEX "products_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_name_folded_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "products_category_ids_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_folded_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_category_ids_idx'::regclass);
