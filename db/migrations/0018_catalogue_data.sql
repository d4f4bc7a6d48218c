-- Catalogue data a buyer can trust, for databases seeded before the rules changed (a new import
-- already follows them, docs/catalogue.md "Catalogue import").
--
-- 1. A parcel without all three measurements is classed by its kind, by the rule of
--    db/shipping-class.ts (isBulkyKind; the same patterns, with PostgreSQL's \y for \b): a sofa,
--    chaise longue, armchair, bed, mattress, wardrobe, sideboard, bookcase, chest of drawers or a
--    table sold with its chairs is bulky; their covers, legs and other parts stay parcels. A class an
--    administrator chose as collect-only is left alone.
UPDATE "products" SET "shipping_class" = 'bulky', "updated_at" = now()
FROM (SELECT "id" AS "pid", lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')) AS "text" FROM "products") AS "n"
WHERE "n"."pid" = "products"."id"
  AND "shipping_class" = 'parcel'
  AND NOT (coalesce("width_cm", 0) > 0 AND coalesce("height_cm", 0) > 0 AND coalesce("depth_cm", 0) > 0)
  AND regexp_replace("n"."text", '\s(?:with|w|for|f|to)\s.*$|[,(].*$', '') !~ '\y(?:covers?|slipcovers?|cushions?|pads?|pillows?|throws?|legs?|feet|foot|castors?|handles?|knobs?|fittings?|hinges?|brackets?|rails?|tents?|canopy|net|protectors?|toppers?|sheets?|armrests?|backrests?|headrests?|doors?|shelf|shelves|inserts?|slats?)\y'
  AND (
    regexp_replace("n"."text", '\s(?:with|w|for|f|to)\s.*$|[,(].*$', '') ~ '\y(?:sofas?|sofa-beds?|couch|settee|chaise longue|armchairs?|recliners?|day-beds?|daybeds?|beds?|divan|mattress(?:es)?|wardrobes?|sideboards?|buffet|bookcases?|chests? of (?:\d+ )?drawers|dining (?:set|table))\y'
    OR regexp_replace("n"."text", '\s(?:for|f)\s.*$', '') ~ '\ytables?\y.*\y(?:chairs?|chrs|stools?|bench|benches|armchairs?)\y|\yconversation set\y'
  );
--> statement-breakpoint
-- 2. Imported descriptions no longer say "Also available in other colours.": the product page
--    offers the colours the shop sells (its variants) as choices.
UPDATE "products" SET "description" = btrim(replace("description", 'Also available in other colours.', '')), "updated_at" = now()
WHERE "external_id" IS NOT NULL AND "description" LIKE '%Also available in other colours.%';
--> statement-breakpoint
-- 3. Style, function and mobility are chosen from lists (lib/catalog/read/facets.ts); values that
--    differ only in case or surrounding spaces become one: the list's spelling, else the spelling
--    most products use (ties: the first in sort order).
UPDATE "products" SET "style" = "v"."canonical", "updated_at" = now()
FROM (VALUES ('Rattan & wicker'), ('Upholstered'), ('Natural wood'), ('Metal & industrial'), ('Modern & painted')) AS "v"("canonical")
WHERE lower(btrim("style")) = lower("v"."canonical") AND "style" <> "v"."canonical";
--> statement-breakpoint
UPDATE "products" SET "function" = "v"."canonical", "updated_at" = now()
FROM (VALUES ('Seating'), ('Sleeping'), ('Tables & desks'), ('Table & chair sets'), ('Storage'), ('Shelving & display'), ('TV & media'), ('Play'), ('Covers & cushions'), ('Parts & fittings')) AS "v"("canonical")
WHERE lower(btrim("function")) = lower("v"."canonical") AND "function" <> "v"."canonical";
--> statement-breakpoint
UPDATE "products" SET "mobility" = "v"."canonical", "updated_at" = now()
FROM (VALUES ('Wall-mounted'), ('On castors'), ('Foldable'), ('Extendable'), ('Stackable'), ('Adjustable'), ('Swivel & rocking'), ('Freestanding')) AS "v"("canonical")
WHERE lower(btrim("mobility")) = lower("v"."canonical") AND "mobility" <> "v"."canonical";
--> statement-breakpoint
UPDATE "products" SET "style" = "c"."canonical", "updated_at" = now()
FROM (
  SELECT DISTINCT ON (lower(btrim("style"))) lower(btrim("style")) AS "folded", btrim("style") AS "canonical"
  FROM "products" WHERE btrim(coalesce("style", '')) <> ''
  GROUP BY btrim("style") ORDER BY lower(btrim("style")), count(*) DESC, btrim("style")
) AS "c"
WHERE lower(btrim("products"."style")) = "c"."folded" AND "products"."style" <> "c"."canonical";
--> statement-breakpoint
UPDATE "products" SET "function" = "c"."canonical", "updated_at" = now()
FROM (
  SELECT DISTINCT ON (lower(btrim("function"))) lower(btrim("function")) AS "folded", btrim("function") AS "canonical"
  FROM "products" WHERE btrim(coalesce("function", '')) <> ''
  GROUP BY btrim("function") ORDER BY lower(btrim("function")), count(*) DESC, btrim("function")
) AS "c"
WHERE lower(btrim("products"."function")) = "c"."folded" AND "products"."function" <> "c"."canonical";
--> statement-breakpoint
UPDATE "products" SET "mobility" = "c"."canonical", "updated_at" = now()
FROM (
  SELECT DISTINCT ON (lower(btrim("mobility"))) lower(btrim("mobility")) AS "folded", btrim("mobility") AS "canonical"
  FROM "products" WHERE btrim(coalesce("mobility", '')) <> ''
  GROUP BY btrim("mobility") ORDER BY lower(btrim("mobility")), count(*) DESC, btrim("mobility")
) AS "c"
WHERE lower(btrim("products"."mobility")) = "c"."folded" AND "products"."mobility" <> "c"."canonical";
