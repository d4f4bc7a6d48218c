ALTER TABLE "delivery_zones" ADD COLUMN "region" text;--> statement-breakpoint
-- Issue 24: the seeded zones that lie in one region skip that region's anniversary day
-- (lib/orders/delivery/regions.ts, holidays.ts). Zones spanning several regions (other main
-- centres, provincial, rural, islands) keep national holidays only; an administrator can set one.
UPDATE "delivery_zones" SET "region" = CASE "name"
  WHEN 'Auckland' THEN 'AUK'
  WHEN 'Wellington' THEN 'WGN'
  WHEN 'Christchurch' THEN 'CAN'
  WHEN 'Chatham Islands' THEN 'CIT'
END
WHERE "name" IN ('Auckland', 'Wellington', 'Christchurch', 'Chatham Islands') AND "region" IS NULL;
