CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The vocabulary "did you mean" corrects a search against (docs/search.md "No dead ends"), kept by
-- the triggers below in the transaction of every write to products, so that no writer can forget
-- it and a shopper's request never writes or rebuilds it.
--
-- A term as stored and as a query is compared with it: lower case, Swedish letters folded to ASCII
-- (as products.name_folded), apostrophes dropped, every other run of non-letters or digits one space.
CREATE FUNCTION search_term_normalise(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(replace(lower(translate(coalesce(t, ''), 'ÅÄÖåäöÉéÜüØøÆæ', 'AAOaaoEeUuOoAa')), '''', ''), '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
-- The terms a product brings to the vocabulary, each once: the kind of piece as a phrase (the name
-- without its family name in capitals, cut before "with"/"for"/a comma, as products.kind cuts it:
-- "KIVIK 3-seat sofa, Grann" → "3 seat sofa"), each colour ("Black-brown/white" → "black brown",
-- "white") and material ("Solid oak, metal" → "solid oak", "metal"), and every word of three letters
-- or more without digits of the name (family names included), colour, material, style and function,
-- but "and", "for", "with", "the".
CREATE FUNCTION search_terms_of(p_name text, p_color text, p_material text, p_style text, p_function text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}'::text[]) FROM (
    SELECT search_term_normalise(regexp_replace(lower(regexp_replace(p_name, '^((?!TV )[^a-z ]+ (/ )?)+', '')), '(,| with | w | for | f |/|[+]).*$', '')) AS t
    UNION ALL SELECT search_term_normalise(c) FROM unnest(string_to_array(p_color, '/')) c
    UNION ALL SELECT search_term_normalise(m) FROM unnest(string_to_array(p_material, ',')) m
    UNION ALL SELECT w FROM regexp_split_to_table(search_term_normalise(concat_ws(' ', p_name, p_color, p_material, p_style, p_function)), ' ') w
      WHERE length(w) >= 3 AND w !~ '[0-9]' AND w NOT IN ('and', 'for', 'with', 'the')
  ) s WHERE t <> ''
$$;--> statement-breakpoint
-- Counts `delta` products for each term of `terms` (once per occurrence), in term order so that
-- concurrent writes lock the rows in one order, and deletes the terms no visible product has.
CREATE FUNCTION search_terms_add(terms text[], delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms AS s (term, products)
  SELECT t, (count(*) * delta)::int FROM unnest(terms) t GROUP BY t ORDER BY t
  ON CONFLICT (term) DO UPDATE SET products = s.products + excluded.products;
  DELETE FROM search_terms WHERE term = ANY(terms) AND products <= 0;
$$;--> statement-breakpoint
-- Products come and go in bulk (the import): one change per statement, from its transition table.
CREATE FUNCTION search_terms_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(ARRAY(SELECT t FROM changed_products p, unnest(search_terms_of(p.name, p.color, p.material, p.style, p.function)) t WHERE p.archived_at IS NULL), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_terms_products_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_terms_add(ARRAY(SELECT t FROM changed_products p, unnest(search_terms_of(p.name, p.color, p.material, p.style, p.function)) t WHERE p.archived_at IS NULL), -1);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An edit or an archive changes one product: only the terms it loses and gains are counted.
CREATE FUNCTION search_terms_product_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text[] := CASE WHEN OLD.archived_at IS NULL THEN search_terms_of(OLD.name, OLD.color, OLD.material, OLD.style, OLD.function) ELSE '{}' END;
  now_ text[] := CASE WHEN NEW.archived_at IS NULL THEN search_terms_of(NEW.name, NEW.color, NEW.material, NEW.style, NEW.function) ELSE '{}' END;
BEGIN
  PERFORM search_terms_add(ARRAY(SELECT unnest(was) EXCEPT SELECT unnest(now_)), -1);
  PERFORM search_terms_add(ARRAY(SELECT unnest(now_) EXCEPT SELECT unnest(was)), 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_terms_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION search_terms_products_inserted();--> statement-breakpoint
CREATE TRIGGER search_terms_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION search_terms_products_deleted();--> statement-breakpoint
-- Stock, price and rating updates (every order) name none of these columns and never fire it.
CREATE TRIGGER search_terms_update AFTER UPDATE OF name, color, material, style, function, archived_at ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.color IS DISTINCT FROM NEW.color OR OLD.material IS DISTINCT FROM NEW.material
    OR OLD.style IS DISTINCT FROM NEW.style OR OLD.function IS DISTINCT FROM NEW.function OR (OLD.archived_at IS NULL) <> (NEW.archived_at IS NULL))
  EXECUTE FUNCTION search_terms_product_updated();--> statement-breakpoint
INSERT INTO search_terms (term, products)
  SELECT t, count(*)::int FROM products p, unnest(search_terms_of(p.name, p.color, p.material, p.style, p.function)) t WHERE p.archived_at IS NULL GROUP BY t;
