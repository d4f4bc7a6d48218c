-- A change of product_categories rewrites only the products whose category_ids it changes. It
-- rewrote every product the links touched, unchanged or not: the import, which links each product
-- to its primary category, wrote every product twice, leaving one dead row version per product (and
-- its entries in every index of products) that each catalogue read stepped over until a vacuum,
-- which the embedded database never runs (bench/README.md).
CREATE OR REPLACE FUNCTION product_categories_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET category_ids = s.ids
  FROM (SELECT id, products_category_ids(id, category_id) AS ids FROM products WHERE id IN (SELECT product_id FROM changed_links)) s
  WHERE p.id = s.id AND p.category_ids IS DISTINCT FROM s.ids;
  RETURN NULL;
END
$$;
