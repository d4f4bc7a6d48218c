-- The seeded delivery services get realistic New Zealand fees (docs/delivery.md "Seeded fees and
-- their sources"), and the flat shipping_fee / free_shipping_threshold settings go: the delivery
-- zones are the one place a delivery price comes from.
-- Only services still as migration 0010_delivery_seed left them are changed (a seeded zone and
-- service name, no bulky surcharge, the fee and free-over amount 0010 gave them: the flat settings,
-- or $49 and $500 on a fresh database), so a service an administrator has already priced keeps
-- its price.
WITH flat AS (
  SELECT
    coalesce((SELECT round(("value" #>> '{}')::numeric * 100)::integer FROM "settings" WHERE "key" = 'shipping_fee'), 4900) AS fee,
    coalesce((SELECT nullif(round(("value" #>> '{}')::numeric * 100)::integer, 0) FROM "settings" WHERE "key" = 'free_shipping_threshold'), 50000) AS free_over
), priced (zone, kind, fee, bulky_surcharge, free_over) AS (VALUES
  -- Courier: parcels only (a bulky line never fits it, lib/delivery/quote.ts).
  ('Auckland',                'courier',              1200,     0,   15000),
  ('Wellington',              'courier',              1200,     0,   15000),
  ('Christchurch',            'courier',              1200,     0,   15000),
  ('Other main centres',      'courier',              1200,     0,   15000),
  ('North Island provincial', 'courier',              1500,     0,   15000),
  ('South Island provincial', 'courier',              1800,     0,   15000),
  ('Rural',                   'courier',              2000,     0,    NULL::integer),
  ('Islands',                 'courier',              3500,     0,    NULL::integer),
  -- Two-person delivery: a fee per order plus a surcharge per bulky item.
  ('Auckland',                'two_person',           6900,  3000,  250000),
  ('Wellington',              'two_person',           8900,  4000,  300000),
  ('Christchurch',            'two_person',           8900,  4000,  300000),
  ('Other main centres',      'two_person',           8900,  4000,  300000),
  ('North Island provincial', 'two_person',          12900,  5000,    NULL),
  ('South Island provincial', 'two_person',          14900,  5000,    NULL),
  ('Rural',                   'two_person',          17900,  6000,    NULL),
  ('Islands',                 'two_person',          29900, 10000,    NULL),
  -- With assembly: the same delivery price; each product's assembly fee is added, never waived.
  ('Auckland',                'two_person_assembly',  6900,  3000,  250000),
  ('Wellington',              'two_person_assembly',  8900,  4000,  300000),
  ('Christchurch',            'two_person_assembly',  8900,  4000,  300000),
  ('Other main centres',      'two_person_assembly',  8900,  4000,  300000)
)
UPDATE "delivery_services" s
SET "fee" = p.fee, "bulky_surcharge" = p.bulky_surcharge, "free_over" = p.free_over, "updated_at" = now()
FROM "delivery_zones" z, priced p, flat
WHERE s."zone_id" = z."id"
  AND z."name" = p.zone
  AND s."kind" = p.kind
  AND s."name" = CASE p.kind WHEN 'courier' THEN 'Courier' WHEN 'two_person' THEN 'Two-person delivery' ELSE 'Two-person delivery with assembly' END
  AND s."bulky_surcharge" = 0
  AND s."fee" = flat.fee
  AND s."free_over" IS NOT DISTINCT FROM flat.free_over;
--> statement-breakpoint
DELETE FROM "settings" WHERE "key" IN ('shipping_fee', 'free_shipping_threshold');
