CREATE TABLE "product_bulk_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"changes" jsonb NOT NULL,
	"selection" jsonb NOT NULL,
	"product_count" integer NOT NULL,
	"items" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_bulk_edits" ADD CONSTRAINT "product_bulk_edits_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bulk_edits" ADD CONSTRAINT "product_bulk_edits_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;