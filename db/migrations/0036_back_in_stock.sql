CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_token_idx" ON "stock_alerts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("product_id","email") WHERE "stock_alerts"."ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id");--> statement-breakpoint
-- Back-in-stock alerts (docs/mail.md "Back-in-stock alerts"). Stock rises by many paths: an
-- administrator's product edit (lib/catalog), a cancelled, expired or edited order and a restocked
-- return (lib/orders/stock.ts returnStock), an import. The catalogue cannot call the mail domain
-- (it sits below it) and the import writes rows directly, so the rise is caught once, here: when a
-- live, sellable product's stock goes from 0 to above 0, each confirmed open alert of it ends and
-- gets one outbox message, in the transaction of the stock change (the outbox, decision 0006).
-- The message's payload holds what the database knows; the site's address (SITE_URL) and the
-- settings' defaults are added when it is rendered (lib/mail/templates/index.tsx).
CREATE OR REPLACE FUNCTION send_back_in_stock_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ended AS (
    UPDATE stock_alerts a SET ended_at = now(), end_reason = 'sent'
    WHERE a.product_id = NEW.id AND a.confirmed_at IS NOT NULL AND a.ended_at IS NULL
    RETURNING a.id, a.email, a.token, a.user_id
  ), shop AS (
    SELECT nullif((SELECT value #>> '{}' FROM settings WHERE key = 'store_name'), '') AS store_name,
           nullif((SELECT value #>> '{}' FROM settings WHERE key = 'support_email'), '') AS support_email
  )
  INSERT INTO outbox_messages (event_key, template, recipient, subject, payload)
  SELECT 'back-in-stock:' || e.id,
         'back-in-stock',
         coalesce(u.email, e.email),
         'Back in stock: ' || NEW.name,
         jsonb_build_object(
           'shop', jsonb_build_object('storeName', s.store_name, 'supportEmail', s.support_email),
           -- greetingName (lib/mail/templates/names.ts): the first name, else the full name known.
           'customerName', coalesce(nullif(trim(u.first_name), ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')),
           'product', jsonb_build_object('id', NEW.id, 'name', NEW.name),
           'productPath', '/products/' || NEW.id,
           'unsubscribePath', '/stock-alerts/unsubscribe?token=' || e.token,
           'listUnsubscribePath', '/api/stock-alerts/unsubscribe?token=' || e.token
         )
  FROM ended e CROSS JOIN shop s LEFT JOIN users u ON u.id = e.user_id
  ON CONFLICT (event_key) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_back_in_stock AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0 AND NEW.archived_at IS NULL AND NEW.sellable_online)
  EXECUTE FUNCTION send_back_in_stock_alerts();
