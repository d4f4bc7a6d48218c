-- The planner samples fewer product names to estimate a search's trigram test (issue 18). It
-- prices `name_folded %> 'query'` by running word_similarity on each most-common value and
-- histogram bound of the column: about 200 names at the default statistics target of 100, for
-- every search planned. That was 0.7 of the 1.0 ms of planning an API search at 100,000 products,
-- and the search statement is planned afresh on every new query (bench/README.md). Names are
-- nearly all distinct, so the finer sample bought no better plan: the search's form (a
-- materialized set of matches from its indexes, lib/catalog/listing-sql.ts) fixes its plan.
ALTER TABLE "products" ALTER COLUMN "name_folded" SET STATISTICS 10;--> statement-breakpoint
ANALYZE "products";
