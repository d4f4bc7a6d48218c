CREATE TABLE "stock_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"actor_label" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"import_id" text,
	"counterpart_location_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_ledger_change_nonzero" CHECK ("stock_ledger"."change" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"location_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_product_id_location_id_pk" PRIMARY KEY("product_id","location_id"),
	CONSTRAINT "stock_levels_reserved_nonnegative" CHECK ("stock_levels"."reserved" >= 0),
	CONSTRAINT "stock_levels_reserved_within_on_hand" CHECK ("stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_location_zones" (
	"location_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	CONSTRAINT "stock_location_zones_location_id_zone_id_pk" PRIMARY KEY("location_id","zone_id")
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"pickup_location_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_reservations_quantity_positive" CHECK ("stock_reservations"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_counterpart_location_id_stock_locations_id_fk" FOREIGN KEY ("counterpart_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_zones" ADD CONSTRAINT "stock_location_zones_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_zones" ADD CONSTRAINT "stock_location_zones_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_pickup_location_id_pickup_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."pickup_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservations" ADD CONSTRAINT "stock_reservations_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_idx" ON "stock_ledger" USING btree ("product_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_ledger_location_idx" ON "stock_ledger" USING btree ("location_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_ledger_order_idx" ON "stock_ledger" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_levels_location_idx" ON "stock_levels" USING btree ("location_id","product_id");--> statement-breakpoint
CREATE INDEX "stock_location_zones_zone_idx" ON "stock_location_zones" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_name_idx" ON "stock_locations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_pickup_idx" ON "stock_locations" USING btree ("pickup_location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_default_idx" ON "stock_locations" USING btree ("is_default") WHERE "stock_locations"."is_default";--> statement-breakpoint
CREATE INDEX "stock_reservations_order_idx" ON "stock_reservations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_reservations_item_idx" ON "stock_reservations" USING btree ("order_item_id");--> statement-breakpoint
-- Stock by location (docs/stock.md). Each pickup location becomes a stock location customers may
-- collect from; the first is the warehouse every served zone is shipped from, and the default
-- location the single stock number of the past moves to. A shop without one gets a warehouse.
INSERT INTO "stock_locations" ("name", "kind", "address", "postcode", "pickup_location_id", "is_default", "sort_order")
SELECT p."name",
       CASE WHEN p."id" = (SELECT min("id") FROM "pickup_locations") THEN 'warehouse' ELSE 'showroom' END,
       p."address", coalesce(substring(p."address" from '(\d{4})\s*$'), ''), p."id",
       p."id" = (SELECT min("id") FROM "pickup_locations"), row_number() OVER (ORDER BY p."id")
FROM "pickup_locations" p;
--> statement-breakpoint
INSERT INTO "stock_locations" ("name", "kind", "is_default")
SELECT 'Warehouse', 'warehouse', true WHERE NOT EXISTS (SELECT 1 FROM "stock_locations");
--> statement-breakpoint
INSERT INTO "stock_location_zones" ("location_id", "zone_id")
SELECT l."id", z."id" FROM "stock_locations" l CROSS JOIN "delivery_zones" z WHERE l."is_default" AND z."served";
--> statement-breakpoint
-- Units of orders not yet fulfilled were taken off products.stock when the orders were placed: they
-- are on the shelf still, held for those orders.
WITH held AS (
  SELECT i."product_id", sum(i."quantity")::integer AS units
  FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
  WHERE o."status" IN ('pending', 'processing', 'ready_for_collection')
  GROUP BY i."product_id"
)
INSERT INTO "stock_levels" ("location_id", "product_id", "on_hand", "reserved")
SELECT (SELECT "id" FROM "stock_locations" WHERE "is_default"), p."id", p."stock" + coalesce(h.units, 0), coalesce(h.units, 0)
FROM "products" p LEFT JOIN held h ON h."product_id" = p."id"
WHERE p."stock" + coalesce(h.units, 0) > 0;
--> statement-breakpoint
INSERT INTO "stock_reservations" ("order_id", "order_item_id", "product_id", "location_id", "quantity")
SELECT o."id", i."id", i."product_id", (SELECT "id" FROM "stock_locations" WHERE "is_default"), i."quantity"
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
WHERE o."status" IN ('pending', 'processing', 'ready_for_collection');
--> statement-breakpoint
INSERT INTO "stock_ledger" ("location_id", "product_id", "change", "reason", "actor_label", "note")
SELECT "location_id", "product_id", "on_hand", 'count', 'Shop', 'Opening stock' FROM "stock_levels" WHERE "on_hand" > 0;
--> statement-breakpoint
-- products.stock is the spec's `stock`: what can be sold, Σ (on hand − reserved) over locations.
-- A change of a level moves it by the change of that level's available units (an increment, so
-- concurrent moves at two locations of one product add up under READ COMMITTED).
CREATE FUNCTION stock_levels_sum() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := coalesce(NEW."on_hand" - NEW."reserved", 0) - coalesce(OLD."on_hand" - OLD."reserved", 0);
BEGIN
  -- Depth > 1: the level moved because products.stock was written directly (below); it is right already.
  IF pg_trigger_depth() > 1 OR delta = 0 THEN RETURN NULL; END IF;
  UPDATE "products" SET "stock" = "stock" + delta, "updated_at" = now() WHERE "id" = coalesce(NEW."product_id", OLD."product_id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_sum AFTER INSERT OR UPDATE OR DELETE ON "stock_levels" FOR EACH ROW EXECUTE FUNCTION stock_levels_sum();
--> statement-breakpoint
-- products.stock written directly (a product created with stock, the demo seed, the catalogue
-- import) is a count at the default location: its level and a ledger row follow, so on hand stays
-- the sum of the ledger. The shop's own code moves stock through lib/stock instead.
CREATE FUNCTION products_stock_to_default_location() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := NEW."stock" - coalesce(OLD."stock", 0);
  home integer;
BEGIN
  IF pg_trigger_depth() > 1 OR delta = 0 THEN RETURN NULL; END IF;
  SELECT "id" INTO home FROM "stock_locations" WHERE "is_default";
  IF delta > 0 THEN
    INSERT INTO "stock_levels" ("location_id", "product_id", "on_hand") VALUES (home, NEW."id", delta)
    ON CONFLICT ("product_id", "location_id") DO UPDATE SET "on_hand" = "stock_levels"."on_hand" + delta, "updated_at" = now();
  ELSE
    -- The check constraints refuse taking on hand below what is held (23514, a 409 at the door).
    UPDATE "stock_levels" SET "on_hand" = "on_hand" + delta, "updated_at" = now() WHERE "location_id" = home AND "product_id" = NEW."id";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'stock of product % below zero at the default location', NEW."id" USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  INSERT INTO "stock_ledger" ("location_id", "product_id", "change", "reason", "actor_label", "note")
  VALUES (home, NEW."id", delta, 'count', 'Shop', CASE WHEN TG_OP = 'INSERT' THEN 'Opening stock' ELSE 'Stock set on the product' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_to_default_location AFTER INSERT OR UPDATE OF "stock" ON "products" FOR EACH ROW EXECUTE FUNCTION products_stock_to_default_location();
--> statement-breakpoint
-- The permission to count, adjust and transfer stock (lib/auth/permission-list.ts): the Owner
-- holds every permission; the Manager and Warehouse/fulfilment roles manage stock.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", 'stock.manage' FROM "roles" r WHERE r."name" IN ('Owner', 'Manager', 'Warehouse/fulfilment')
ON CONFLICT DO NOTHING;
