-- Custom SQL migration file, put your code below! ---- Issue 24: the seeded New Zealand delivery zones, services and pickup location (README "Delivery"),
-- and every product's shipping class from its dimensions.
-- The services start at the shop's flat shipping_fee and free_shipping_threshold settings (or their
-- defaults, $49 and $500, on a fresh database), so nothing an existing shop charges changes until an
-- administrator changes it in /admin/delivery.
-- Shipping class: the rule of lib/orders/delivery/shipping-class.ts (bulky when the longest side is
-- over 120 cm or the three sides add up to over 200 cm; else parcel), written once more here in SQL.
UPDATE "products" SET "shipping_class" = CASE
  WHEN GREATEST(coalesce("width_cm", 0), coalesce("height_cm", 0), coalesce("depth_cm", 0)) > 120
    OR coalesce("width_cm", 0) + coalesce("height_cm", 0) + coalesce("depth_cm", 0) > 200 THEN 'bulky'
  ELSE 'parcel' END;
--> statement-breakpoint
INSERT INTO "pickup_locations" ("name", "address", "opening_hours") VALUES
  ('Epsom warehouse', '25 Manukau Road, Epsom, Auckland 1023', 'Mon–Fri 9am–5pm, Sat 10am–4pm');
--> statement-breakpoint
INSERT INTO "delivery_zones" ("name", "postcode_ranges", "postcodes", "served", "sort_order") VALUES
  ('Auckland', '[{"from":600,"to":699},{"from":1010,"to":1072},{"from":2010,"to":2699}]', '{}', true, 1),
  ('Wellington', '[{"from":5010,"to":5049},{"from":6011,"to":6037}]', '{}', true, 2),
  ('Christchurch', '[{"from":8011,"to":8083}]', '{}', true, 3),
  ('Other main centres', '[{"from":3110,"to":3119},{"from":3200,"to":3289},{"from":4110,"to":4183},{"from":4310,"to":4381},{"from":4410,"to":4481},{"from":7010,"to":7020},{"from":9010,"to":9092}]', '{}', true, 4),
  ('North Island provincial', '[{"from":100,"to":6999}]', '{}', true, 5),
  ('South Island provincial', '[{"from":7000,"to":9999}]', '{}', true, 6),
  ('Rural', '[]', '{0171,0172,0173,0181,0182,0183,0184,3771,3772,3781,3782,3783,3784,4071,4072,4073,4075,7071,7072,7073,7871,7872,7873,7875,7881,7882,7883,7884,7885,7886,7891,7892,7893,7895,9371,9372,9382,9383,9384,9385,9386}', true, 7),
  ('Islands', '[]', '{1081,0991,9818}', true, 8),
  ('Chatham Islands', '[]', '{8942}', false, 9);
--> statement-breakpoint
WITH flat AS (
  SELECT
    coalesce((SELECT round(("value" #>> '{}')::numeric * 100)::integer FROM "settings" WHERE "key" = 'shipping_fee'), 4900) AS fee,
    coalesce((SELECT nullif(round(("value" #>> '{}')::numeric * 100)::integer, 0) FROM "settings" WHERE "key" = 'free_shipping_threshold'), 50000) AS free_over
)
INSERT INTO "delivery_services" ("zone_id", "kind", "name", "fee", "bulky_surcharge", "free_over", "lead_days", "weekdays", "pickup_location_id")
SELECT z."id", s.kind, s.name, CASE WHEN s.kind = 'click_collect' THEN 0 ELSE flat.fee END, 0,
       CASE WHEN s.kind = 'click_collect' THEN NULL ELSE flat.free_over END, s.lead_days, s.weekdays::integer[],
       CASE WHEN s.kind = 'click_collect' THEN (SELECT min("id") FROM "pickup_locations") END
FROM "delivery_zones" z
CROSS JOIN flat
JOIN (VALUES
  ('courier', 'Courier', 2, '{1,2,3,4,5}', ARRAY['Auckland','Wellington','Christchurch','Other main centres','North Island provincial','South Island provincial','Rural','Islands']),
  ('two_person', 'Two-person delivery', 3, '{1,2,3,4,5}', ARRAY['Auckland','Wellington','Christchurch','Other main centres','North Island provincial','South Island provincial','Rural','Islands']),
  ('two_person_assembly', 'Two-person delivery with assembly', 5, '{1,2,3,4,5}', ARRAY['Auckland','Wellington','Christchurch','Other main centres']),
  ('click_collect', 'Click & collect', 1, '{1,2,3,4,5,6}', ARRAY['Auckland'])
) AS s(kind, name, lead_days, weekdays, zones) ON z."name" = ANY(s.zones)
WHERE z."served"
ORDER BY z."sort_order", s.lead_days;
