CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_role_id_permission_pk" PRIMARY KEY("role_id","permission")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "staff_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_lower_idx" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "staff_roles_role_idx" ON "staff_roles" USING btree ("role_id");
--> statement-breakpoint
-- The built-in roles (lib/auth/permission-list.ts BUILT_IN_ROLES; docs/accounts-and-security.md
-- "Staff roles and permissions").
INSERT INTO "roles" ("name", "description", "built_in") VALUES
  ('Owner', 'Everything, including staff and roles.', true),
  ('Manager', 'Runs the shop day to day; no settings or staff.', true),
  ('Customer service', 'Orders, refunds, customers and reviews.', true),
  ('Warehouse/fulfilment', 'Sees and fulfils orders.', true),
  ('Catalogue editor', 'Products, prices and reviews.', true),
  ('Accountant', 'Finance and the orders behind it.', true);
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT r."id", p."permission" FROM "roles" r JOIN (VALUES
  ('Owner', 'orders.read'),
  ('Owner', 'orders.fulfil'),
  ('Owner', 'orders.refund'),
  ('Owner', 'products.write'),
  ('Owner', 'prices.write'),
  ('Owner', 'customers.read'),
  ('Owner', 'customers.write'),
  ('Owner', 'discounts.write'),
  ('Owner', 'delivery.manage'),
  ('Owner', 'reviews.moderate'),
  ('Owner', 'finance.read'),
  ('Owner', 'finance.write'),
  ('Owner', 'settings.write'),
  ('Owner', 'staff.manage'),
  ('Owner', 'audit.read'),
  ('Manager', 'orders.read'),
  ('Manager', 'orders.fulfil'),
  ('Manager', 'orders.refund'),
  ('Manager', 'products.write'),
  ('Manager', 'prices.write'),
  ('Manager', 'customers.read'),
  ('Manager', 'customers.write'),
  ('Manager', 'discounts.write'),
  ('Manager', 'delivery.manage'),
  ('Manager', 'reviews.moderate'),
  ('Manager', 'finance.read'),
  ('Manager', 'audit.read'),
  ('Customer service', 'orders.read'),
  ('Customer service', 'orders.refund'),
  ('Customer service', 'customers.read'),
  ('Customer service', 'customers.write'),
  ('Customer service', 'reviews.moderate'),
  ('Warehouse/fulfilment', 'orders.read'),
  ('Warehouse/fulfilment', 'orders.fulfil'),
  ('Catalogue editor', 'products.write'),
  ('Catalogue editor', 'prices.write'),
  ('Catalogue editor', 'reviews.moderate'),
  ('Accountant', 'orders.read'),
  ('Accountant', 'finance.read'),
  ('Accountant', 'finance.write'),
  ('Accountant', 'customers.read')
) AS p("role", "permission") ON p."role" = r."name";
--> statement-breakpoint
-- Every administrator becomes an Owner: is_admin now means "is staff", and the roles decide what they may do.
INSERT INTO "staff_roles" ("user_id", "role_id")
SELECT u."id", r."id" FROM "users" u JOIN "roles" r ON r."name" = 'Owner' WHERE u."is_admin";
