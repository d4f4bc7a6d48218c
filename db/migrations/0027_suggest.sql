-- Suggestions as you type (docs/search.md "Suggestions as you type"): the words of the folded
-- name of visible products, for the prefix match of the word being typed (lib/catalog/search/suggest-sql.ts).
CREATE INDEX "products_suggest_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "name_folded")) WITH (fastupdate=false) WHERE "products"."archived_at" IS NULL;
