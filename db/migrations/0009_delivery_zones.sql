CREATE TABLE "delivery_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"bulky_surcharge" integer DEFAULT 0 NOT NULL,
	"free_over" integer,
	"lead_days" integer DEFAULT 1 NOT NULL,
	"weekdays" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"pickup_location_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_services_amounts_nonnegative" CHECK ("delivery_services"."fee" >= 0 AND "delivery_services"."bulky_surcharge" >= 0 AND ("delivery_services"."free_over" IS NULL OR "delivery_services"."free_over" >= 0) AND "delivery_services"."lead_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postcode_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"postcodes" text[] DEFAULT '{}'::text[] NOT NULL,
	"served" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"opening_hours" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assembly_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_service_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_service_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_zone_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_window" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_class" text DEFAULT 'parcel' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "assembly_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_services" ADD CONSTRAINT "delivery_services_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_services" ADD CONSTRAINT "delivery_services_pickup_location_id_pickup_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."pickup_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_services_zone_idx" ON "delivery_services" USING btree ("zone_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_service_id_delivery_services_id_fk" FOREIGN KEY ("delivery_service_id") REFERENCES "public"."delivery_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_zone_id_delivery_zones_id_fk" FOREIGN KEY ("delivery_zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_assembly_fee_nonnegative" CHECK ("products"."assembly_fee" >= 0);