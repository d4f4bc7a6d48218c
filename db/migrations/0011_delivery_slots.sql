CREATE TABLE "delivery_slots" (
	"service_id" integer NOT NULL,
	"day" date NOT NULL,
	"window" text NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slots_service_id_day_window_pk" PRIMARY KEY("service_id","day","window"),
	CONSTRAINT "delivery_slots_booked_nonnegative" CHECK ("delivery_slots"."booked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_services" ADD COLUMN "capacity_per_window" integer;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_service_id_delivery_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."delivery_services"("id") ON DELETE cascade ON UPDATE no action;