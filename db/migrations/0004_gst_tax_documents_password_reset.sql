CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"gst" integer NOT NULL,
	"gst_rate_percent" numeric(5, 2) NOT NULL,
	"prices_include_gst" boolean NOT NULL,
	"lines" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "tax_documents_amounts_nonnegative" CHECK ("tax_documents"."total" >= 0 AND "tax_documents"."gst" >= 0 AND "tax_documents"."gst" <= "tax_documents"."total")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_rate_percent" numeric(5, 2) DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_gst" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_idx" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_kind_number_idx" ON "tax_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_invoice_order_idx" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_idx" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before GST was stored were all charged GST-inclusive: record the GST they contain at the shop's rate.
UPDATE "orders" SET "gst_rate_percent" = coalesce((SELECT ("value" #>> '{}')::numeric FROM "settings" WHERE "key" = 'gst_rate_percent'), 15);--> statement-breakpoint
UPDATE "orders" SET "gst_amount" = round("total_amount" * "gst_rate_percent" / (100 + "gst_rate_percent"));
--> statement-breakpoint
-- Orders paid before tax invoices existed get theirs, numbered in the order they were paid.
INSERT INTO "tax_documents" ("kind", "number", "order_id", "issued_at", "currency", "total", "gst", "gst_rate_percent", "prices_include_gst", "lines", "seller", "buyer")
SELECT 'invoice', row_number() OVER (ORDER BY coalesce(o."paid_at", o."created_at"), o."id"), o."id", coalesce(o."paid_at", o."created_at"), o."currency", o."total_amount", o."gst_amount", o."gst_rate_percent", o."prices_include_gst",
  coalesce((SELECT jsonb_agg(jsonb_build_object('description', i."product_name", 'sku', i."sku", 'quantity', i."quantity", 'unitPrice', i."unit_price", 'total', i."total_price") ORDER BY i."id") FROM "order_items" i WHERE i."order_id" = o."id"), '[]'::jsonb)
    || CASE WHEN o."shipping_fee" > 0 THEN jsonb_build_array(jsonb_build_object('description', 'Delivery', 'sku', NULL, 'quantity', 1, 'unitPrice', o."shipping_fee", 'total', o."shipping_fee")) ELSE '[]'::jsonb END,
  jsonb_build_object(
    'storeName', coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'store_name'), 'Totara Home'),
    'gstNumber', coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'gst_number'), '123-456-789'),
    'supportEmail', coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'support_email'), 'help@totarahome.co.nz')),
  jsonb_build_object(
    'name', coalesce(nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), u."user_name"),
    'email', coalesce(o."contact"->>'email', u."email"),
    'address', CASE WHEN o."address" IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(o."address"->>'streetAddress', concat_ws(' ', o."address"->>'city', o."address"->>'postalCode'), o."address"->>'country') END)
FROM "orders" o JOIN "users" u ON u."id" = o."user_id"
WHERE o."payment_status" <> 'unpaid';--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "last_number") SELECT 'invoice', count(*) FROM "tax_documents" WHERE "kind" = 'invoice' HAVING count(*) > 0;
