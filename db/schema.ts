/**
 * The whole domain of spec §3 as Drizzle tables.
 *
 * Conventions: camelCase keys over snake_case columns; money is integer cents; lengths are whole
 * centimetres; rows that history points to are archived (archived_at / deactivated_at / deleted_at),
 * never erased. JSON field names of the REST contract live in the domain mappers, not here.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, REFUND_STATUSES, RETURN_STATUSES, REVIEW_STATUSES, type DiscountKind, type OrderStatus, type PaymentStatus, type PaymentType, type RefundStatus, type ReturnStatus, type ReviewStatus } from './statuses';
import { DELIVERY_SERVICE_KINDS, DELIVERY_WINDOWS, SHIPPING_CLASSES, type DeliveryServiceKind, type DeliveryWindow, type ShippingClass } from './statuses';
import { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS, type OrderEventActor, type OrderEventKind } from './statuses';
import { STOCK_LOCATION_KINDS, STOCK_MOVE_REASONS, type StockLocationKind, type StockMoveReason } from './statuses';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// Order and payment statuses are declared once, in ./statuses (relative import: drizzle-kit reads this file).
export { DISCOUNT_KINDS, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, REFUND_STATUSES, RETURN_STATUSES, REVIEW_STATUSES, type DiscountKind, type OrderStatus, type PaymentStatus, type PaymentType, type RefundStatus, type ReturnStatus, type ReviewStatus };
export { DELIVERY_SERVICE_KINDS, DELIVERY_WINDOWS, SHIPPING_CLASSES, type DeliveryServiceKind, type DeliveryWindow, type ShippingClass };
export { ORDER_EVENT_ACTORS, ORDER_EVENT_KINDS, type OrderEventActor, type OrderEventKind };
export { STOCK_LOCATION_KINDS, STOCK_MOVE_REASONS, type StockLocationKind, type StockMoveReason };

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    /** Set instead of deleting a user who has orders. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    /**
     * When the customer last agreed to marketing e-mail; null = no consent (never given, or
     * withdrawn). The current state only: marketing_consents keeps every grant and withdrawal with
     * the wording shown (lib/accounts/marketing-consent.ts, docs/mail.md "Marketing e-mail").
     */
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique regardless of case.
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // User Management's and Order Management's search (lib/orders/search.ts userSearchText: the same expression).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.userName} || ' ' || ${t.email} || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))) gin_trgm_ops`,
    ),
  ],
);
export type User = typeof users.$inferSelect;

/**
 * Staff roles (docs/accounts-and-security.md "Staff roles and permissions"): a named set of
 * permissions. Built-in roles (seeded by migration 0028, lib/auth/permission-list.ts) are not
 * deletable; custom roles are edited in the back office. Names are unique regardless of case.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_name_lower_idx').on(sql`lower(${t.name})`)],
);
export type RoleRow = typeof roles.$inferSelect;

/** The permissions a role grants (names from lib/auth/permission-list.ts). */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

/**
 * The audit log (docs/accounts-and-security.md "Audit log"): one row per staff write (and a
 * customer's own data export or account closure), appended in the transaction of the change by
 * lib/audit/record.ts. Append-only: migration 0030's triggers refuse UPDATE, DELETE and TRUNCATE.
 * Who is a snapshot (id, name and e-mail at the time) with no foreign key, so removing a user
 * neither touches nor blocks the record; `changes` maps each changed field to `{ before, after }`,
 * secrets left out.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    clientAddress: text('client_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;

/** The roles a staff member holds; their permissions add up. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('staff_roles_role_idx').on(t.roleId)],
);
export type NewUser = typeof users.$inferInsert;

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    stateProvince: text('state_province'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
export type Address = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;

export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_user_idx').on(t.userId)],
);
export type Contact = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;

/** Saved payment methods. Card data never reaches us: only the provider's id, brand and last four. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    /** Stripe PaymentMethod id (pm_…) or the demo gateway's equivalent. */
    providerPaymentMethodId: text('provider_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    paypalEmail: text('paypal_email'),
    isDefault: boolean('is_default').notNull().default(false),
    /** Removed by the customer; kept because payments point at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);
export type PaymentMethod = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────

/** Top-level categories are rooms (parent_id null); their children are subcategories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);
export type Category = typeof categories.$inferSelect;
export type NewCategory = typeof categories.$inferInsert;

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.name})`)],
);
export type Brand = typeof brands.$inferSelect;
export type NewBrand = typeof brands.$inferInsert;

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    contactInfo: text('contact_info'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('suppliers_name_lower_idx').on(sql`lower(${t.name})`)],
);
export type Supplier = typeof suppliers.$inferSelect;
export type NewSupplier = typeof suppliers.$inferInsert;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** The product's primary subcategory (spec's category_id); product_categories lists all. */
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /**
     * Every category the product is listed in: category_id and its product_categories links, kept by
     * triggers (migration 0005: products_category_ids, product_categories_sync_*); never written by
     * the application. GIN-indexed, so the category filter and its counts read the product's own
     * row instead of joining the links.
     */
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    material: text('material'),
    style: text('style'),
    color: text('color'),
    /** Free-text size as sold, e.g. "140x80 cm". */
    size: text('size'),
    /** What the piece is for, e.g. "Storage", "Seating" (derived at import). */
    function: text('function'),
    /** How it moves, e.g. "Fixed", "On castors", "Foldable" (derived at import). */
    mobility: text('mobility'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    depthCm: integer('depth_cm'),
    /** Current selling price in cents (store currency). */
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    designer: text('designer'),
    sellableOnline: boolean('sellable_online').notNull().default(true),
    otherColors: boolean('other_colors').notNull().default(false),
    /** Source article number (IKEA item_id) for imported rows. */
    externalId: text('external_id'),
    sourceUrl: text('source_url'),
    /**
     * The model this product is one variant of: products sharing a key are the same piece in other
     * colours or sizes (the importer's key is the name as a slug, "kivik-3-seat-sofa"); null = no variants.
     */
    variantGroup: text('variant_group'),
    /**
     * Approved reviews, denormalised for the listing's "4 stars and up" filter and rating sort
     * (lib/reviews/stats.ts recomputes both in the moderation's transaction): the mean rating
     * rounded to two decimals (null without an approved review) and how many there are.
     */
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }),
    ratingCount: integer('rating_count').notNull().default(0),
    /** How it travels: derived from the dimensions at import (db/shipping-class.ts), editable in Edit Details. */
    shippingClass: text('shipping_class', { enum: SHIPPING_CLASSES }).notNull().default('parcel'),
    /** Cents charged per unit for assembly by the two-person-with-assembly service; 0 = assembled free. */
    assemblyFee: integer('assembly_fee').notNull().default(0),
    /** Archived instead of deleted when past orders point at the product; hidden from the shop. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The search's keys, stored so that they are indexed (lib/catalog/search/search.ts): the name
     * with Swedish letters folded to ASCII ("POÄNG" → "POANG", trigram-indexed for typos and missing
     * accents), the SKU reduced to lower-case letters and digits ("S093.335.23" → "s09333523") and the
     * same without its letter prefix ("09333523"), both for prefix matches. name_folded's statistics
     * target is 10 (migration 0015: Drizzle has no word for it), so planning a search samples few names.
     */
    nameFolded: text('name_folded').generatedAlwaysAs((): SQL => sql`translate(${products.name}, 'ÅÄÖåäöÉéÜüØøÆæ', 'AAOaaoEeUuOoAa')`),
    skuKey: text('sku_key').generatedAlwaysAs((): SQL => sql`regexp_replace(lower(${products.sku}), '[^a-z0-9]', '', 'g')`),
    skuDigits: text('sku_digits').generatedAlwaysAs((): SQL => sql`regexp_replace(regexp_replace(lower(${products.sku}), '[^a-z0-9]', '', 'g'), '^[a-z]+', '')`),
    /**
     * The kind of piece, from the name: the product type without the family name(s) in capitals, cut
     * before "with"/"for"/a comma, without a trailing "frame", "unit" or "combination", reduced to its
     * last word: "KURA Bed tent" → "tent", "MALM Bed frame, high" → "bed", "BILLY Bookcase" →
     * "bookcase". The search ranks a product whose kind the query names first ("bed" → beds).
     */
    kind: text('kind').generatedAlwaysAs(
      (): SQL =>
        sql`regexp_replace(regexp_replace(regexp_replace(lower(regexp_replace(${products.name}, '^((?!TV )[^a-z ]+ (/ )?)+', '')), '(,| with | w | for | f |/|[+]).*$', ''), ' (frame|unit|combination)$', ''), '^.*[ -]', '')`,
    ),
    /** Weighted full-text document: name (A), category words and size (B), description (C). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('simple', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.function}, '') || ' ' || coalesce(${products.style}, '') || ' ' || coalesce(${products.size}, '')), 'B') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex('products_sku_idx').on(t.sku),
    uniqueIndex('products_external_id_idx').on(t.externalId),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_created_idx').on(t.createdAt),
    index('products_featured_idx').on(t.featured),
    index('products_variant_group_idx').on(t.variantGroup),
    index('products_rating_idx').on(sql`${t.ratingAverage} DESC NULLS LAST`, sql`${t.ratingCount} DESC`, t.id),
    // The GIN indexes of products without a pending list (fastupdate off): with one, every search and
    // category filter also reads the entries not yet merged (up to gin_pending_list_limit, 4 MB),
    // and every order's stock update adds to them. Their writes cost more; the catalogue is read far
    // more than written.
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // The search: trigram matches on the folded name, SKU prefixes with and without the letters.
    index('products_name_folded_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`).with({ fastupdate: false }),
    // Suggestions as you type (lib/catalog/search/suggest-sql.ts): the name's words, letters folded,
    // for a prefix match of the word being typed ('sof:*'); the name alone, so a short prefix reads
    // far fewer entries than the weighted document of the search.
    index('products_suggest_idx')
      .using('gin', sql`to_tsvector('simple'::regconfig, ${t.nameFolded})`)
      .with({ fastupdate: false })
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_sku_key_idx').using('btree', sql`${t.skuKey} text_pattern_ops`),
    index('products_sku_digits_idx').using('btree', sql`${t.skuDigits} text_pattern_ops`),
    // Listing orders over visible products, so a page is read from the index in order and the scan
    // stops at the page (the default order, "Recommended": in stock, featured, newest; then price
    // both ways, name, newest). The default's first key is the expression the listing orders by
    // (lib/catalog/read/listing-sql.ts IN_STOCK_FIRST), so the planner walks this index.
    index('products_listing_default_idx')
      .on(sql`(${t.stock} > 0) DESC`, t.featured.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_listing_price_idx').on(t.price, t.id).where(sql`${t.archivedAt} IS NULL`),
    index('products_listing_name_idx').on(t.name, t.id).where(sql`${t.archivedAt} IS NULL`),
    index('products_listing_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.archivedAt} IS NULL`),
    // Facet filters and counts: the facet values and dimensions of visible products, read from the
    // index alone where the planner can (the whole-catalogue counts of a filter's facet).
    index('products_facets_idx').on(t.style, t.function, t.mobility, t.widthCm, t.heightCm, t.depthCm, t.id, t.categoryId, t.categoryIds, t.ratingAverage).where(sql`${t.archivedAt} IS NULL`),
    index('products_category_ids_idx').using('gin', t.categoryIds).with({ fastupdate: false }),
    index('products_function_idx').on(t.function),
    index('products_mobility_idx').on(t.mobility),
    index('products_width_idx').on(t.widthCm),
    index('products_height_idx').on(t.heightCm),
    index('products_depth_idx').on(t.depthCm),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_assembly_fee_nonnegative', sql`${t.assemblyFee} >= 0`),
  ],
);
export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

/** An item listed in several subcategories is one product linked to each of them. */
export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** Public address of the image (local storage route or uploadthing URL). */
    url: text('url').notNull(),
    /** Storage key used to delete the file. */
    storageKey: text('storage_key'),
    sortOrder: integer('sort_order').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.sortOrder)],
);
export type ProductImage = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;

/** A price promotion: the product's current price is the promotional price; originalPrice was before. */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** Campaign name; the promotions API groups products by it. */
    name: text('name').notNull(),
    /** Price before the promotion, cents. */
    originalPrice: integer('original_price').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('promotions_product_idx').on(t.productId)],
);
export type Promotion = typeof promotions.$inferSelect;
export type NewPromotion = typeof promotions.$inferInsert;

/**
 * One bulk edit of Product Management (docs/back-office.md "Bulk edit"): what was asked, which
 * products it chose, and each product's values before and after, so that Undo can put them back in
 * one transaction while none of them has changed since. `items[].before/after` hold the changed
 * product fields (cents for price, `archived` as a boolean) and, for a compare-at change, the
 * promotions it ended (`ended`, with their former ends_at) and the one it started (`started`).
 */
export const productBulkEdits = pgTable('product_bulk_edits', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** The request's changes, as sent (dollars and percentages). */
  changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
  /** `{ filter }` (the list's query) or `{ ids }`. */
  selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
  productCount: integer('product_count').notNull(),
  items: jsonb('items').$type<BulkEditItem[]>().notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
  undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
/** A product's values a bulk edit changed (see productBulkEdits). */
export type BulkEditValues = {
  price?: number;
  categoryId?: number | null;
  brandId?: number | null;
  featured?: boolean;
  shippingClass?: ShippingClass;
  archived?: boolean;
};
export type BulkEditItem = {
  productId: number;
  before: BulkEditValues;
  after: BulkEditValues;
  /** Compare-at changes: promotions ended (with their former ends_at, ISO or null) and the one started. */
  promotions?: { ended: { id: number; endsAt: string | null }[]; started: number | null };
  /** A category change: the primary-category link it removed and the one it added (null: none). */
  links?: { removed: number | null; added: number | null };
};
export type ProductBulkEdit = typeof productBulkEdits.$inferSelect;

// ── Cart and orders ─────────────────────────────────────────────────────────────────────────

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  /** The last add or quantity change (lib/cart/service.ts); the cart's idle time counts from it or from the customer's last order, whichever is later. */
  updatedAt: updatedAt(),
  /** Cart reminders written in the current idle stretch (lib/orders/cart-reminders.ts); counts only while last_reminded_at is after the stretch began. */
  remindersSent: integer('reminders_sent').notNull().default(0),
  lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
});
export type Cart = typeof carts.$inferSelect;

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_product_idx').on(t.cartId, t.productId), check('cart_items_quantity_positive', sql`${t.quantity} >= 1`)],
);
export type CartItem = typeof cartItems.$inferSelect;

/** Snapshot of the delivery address or contact as it was when the order was placed. */
export type AddressSnapshot = {
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  streetAddress: string;
  city: string;
  stateProvince?: string | null;
  postalCode?: string | null;
  country: string;
};
export type ContactSnapshot = { firstName: string; lastName: string; phoneNumber: string; email: string };
/** Where a click & collect order is picked up, as it was when the order was placed. */
export type PickupSnapshot = { name: string; address: string; openingHours: string };

// ── Delivery (docs/delivery.md) ──────────────────────────────────────────────────

/** An inclusive range of four-digit New Zealand postcodes, e.g. { from: 600, to: 699 } = 0600–0699. */
export type PostcodeRange = { from: number; to: number };

/**
 * A delivery zone: the postcodes it covers as ranges and as a list. A listed postcode beats a range;
 * among ranges the narrowest wins (lib/delivery/zones.ts). `served` false: we do not deliver there.
 */
export const deliveryZones = pgTable('delivery_zones', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  postcodeRanges: jsonb('postcode_ranges').$type<PostcodeRange[]>().notNull().default([]),
  postcodes: text('postcodes').array().notNull().default(sql`'{}'::text[]`),
  served: boolean('served').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The New Zealand region (ISO 3166-2 code, lib/delivery/regions.ts) whose anniversary day its deliveries skip; null: national holidays only. */
  region: text('region'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type DeliveryZone = typeof deliveryZones.$inferSelect;
export type NewDeliveryZone = typeof deliveryZones.$inferInsert;

/** A place customers collect click & collect orders from. */
export const pickupLocations = pgTable('pickup_locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  openingHours: text('opening_hours').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type PickupLocation = typeof pickupLocations.$inferSelect;
export type NewPickupLocation = typeof pickupLocations.$inferInsert;

/**
 * A service a zone offers (lib/delivery/quote.ts prices it): a fee per order, a surcharge per
 * bulky unit, free at or over `freeOver` goods (null = never), the lead in working days, the ISO
 * weekdays it runs (1 = Monday … 7 = Sunday), and for click & collect its pickup location.
 */
export const deliveryServices = pgTable(
  'delivery_services',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id').notNull().references(() => deliveryZones.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DELIVERY_SERVICE_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Cents per order. */
    fee: integer('fee').notNull().default(0),
    /** Cents per bulky unit (two-person services). */
    bulkySurcharge: integer('bulky_surcharge').notNull().default(0),
    /** Cents of goods from which the delivery fee is waived; null = never free. */
    freeOver: integer('free_over'),
    leadDays: integer('lead_days').notNull().default(1),
    weekdays: integer('weekdays').array().notNull().default(sql`'{1,2,3,4,5}'::integer[]`),
    pickupLocationId: integer('pickup_location_id').references(() => pickupLocations.id, { onDelete: 'restrict' }),
    /** Two-person services: orders one day's morning or afternoon can take; null = no limit. */
    capacityPerWindow: integer('capacity_per_window'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('delivery_services_zone_idx').on(t.zoneId),
    check('delivery_services_amounts_nonnegative', sql`${t.fee} >= 0 AND ${t.bulkySurcharge} >= 0 AND (${t.freeOver} IS NULL OR ${t.freeOver} >= 0) AND ${t.leadDays} >= 0`),
  ],
);
export type DeliveryService = typeof deliveryServices.$inferSelect;
export type NewDeliveryService = typeof deliveryServices.$inferInsert;

/**
 * Bookings of a two-person service's day and window: how many orders hold it.
 * Taken with one conditional UPDATE when an order is placed (booked < the service's capacity), given
 * back when the order is cancelled or expires (lib/delivery/booking.ts).
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    serviceId: integer('service_id').notNull().references(() => deliveryServices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    window: text('window', { enum: DELIVERY_WINDOWS }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day, t.window] }), check('delivery_slots_booked_nonnegative', sql`${t.booked} >= 0`)],
);
export type DeliverySlot = typeof deliverySlots.$inferSelect;

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    /** Sum of line totals, cents. */
    subtotal: integer('subtotal').notNull().default(0),
    /** The delivery fee, cents (the quoted service's fee and bulky surcharges; 0 when free). */
    shippingFee: integer('shipping_fee').notNull().default(0),
    /** Cents of assembly (Σ product assembly fee × quantity) when the service assembles; else 0. */
    assemblyFee: integer('assembly_fee').notNull().default(0),
    /**
     * The delivery service chosen or given, as it was when the order was placed: the service and
     * zone rows (null once deleted, or for orders placed before delivery services existed), their kind
     * and names, the booked day and window (two-person services) and the pickup location (click & collect).
     */
    deliveryServiceId: integer('delivery_service_id').references(() => deliveryServices.id, { onDelete: 'set null' }),
    deliveryKind: text('delivery_kind', { enum: DELIVERY_SERVICE_KINDS }),
    deliveryServiceName: text('delivery_service_name'),
    deliveryZoneId: integer('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    deliveryZoneName: text('delivery_zone_name'),
    /** The earliest day quoted, or the day booked (YYYY-MM-DD, the shop's time zone). */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    deliveryWindow: text('delivery_window', { enum: DELIVERY_WINDOWS }),
    pickup: jsonb('pickup').$type<PickupSnapshot>(),
    /** What the customer pays, cents: subtotal + shipping + assembly (+ GST when prices exclude it). */
    totalAmount: integer('total_amount').notNull().default(0),
    /** Cents of GST in the order (goods and delivery), rounded once per order (lib/pricing/gst.ts). */
    gstAmount: integer('gst_amount').notNull().default(0),
    /** The GST rule the order was priced by (settings gst_rate_percent, prices_include_gst when placed). */
    gstRatePercent: numeric('gst_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(15),
    pricesIncludeGst: boolean('prices_include_gst').notNull().default(true),
    currency: text('currency').notNull().default('NZD'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    address: jsonb('address').$type<AddressSnapshot>(),
    contact: jsonb('contact').$type<ContactSnapshot>(),
    customerMessage: text('customer_message'),
    salesMessage: text('sales_message'),
    /** Chosen at submit (spec: payment_method credit_card or paypal). */
    paymentMethod: text('payment_method', { enum: PAYMENT_TYPES }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the order last became delivered (lib/orders/service.ts moveOrder); the return window runs from it. Null for orders delivered before this column existed (their updated_at stands in). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The discount code applied when the order was placed; its uses are the orders carrying it that are not cancelled. */
    discountCodeId: integer('discount_code_id').references((): AnyPgColumn => discountCodes.id, { onDelete: 'restrict' }),
    /** The code as the customer saw it (a snapshot: the code row may be edited later). */
    discountCode: text('discount_code'),
    /** Cents taken off the goods by the code (0 without one); subtotal stays the goods before it. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** An unpaid order holds its stock until then; past it, the order expires (cancelled, stock released). Null once paid or cancelled. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The spec's order_date. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_created_idx').on(t.createdAt),
    index('orders_hold_expires_idx').on(t.holdExpiresAt),
    // Order Management's search by the order's contact (lib/orders/search.ts contactSearchText: the same expression).
    index('orders_contact_search_trgm_idx').using(
      'gin',
      sql`(lower(coalesce(${t.contact} ->> 'firstName', '') || ' ' || coalesce(${t.contact} ->> 'lastName', '') || ' ' || coalesce(${t.contact} ->> 'email', ''))) gin_trgm_ops`,
    ),
    index('orders_discount_code_idx').on(t.discountCodeId, t.userId),
    check('orders_discount_nonnegative', sql`${t.discountCents} >= 0`),
  ],
);
export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/**
 * An order's history (docs/orders.md "Order history"): each status change, payment, refund and
 * message, who made it and when, written in the transaction of the change itself
 * (lib/orders/history.ts). Erased with the order (only an unpaid order may be erased).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: ORDER_EVENT_ACTORS }).notNull(),
    /** The staff member or customer who made it; null for the shop itself (or once the account is gone). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Status changes: the status before and after. */
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }),
    /** Payments and refunds: cents. */
    amount: integer('amount'),
    /** A refund's reason (shown to the customer), a failed refund's message, a message's text, a new delivery day. */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt, t.id)],
);
export type OrderEvent = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;

/** Order lines keep a snapshot of name, SKU and unit price: later catalogue edits never change history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    size: text('size'),
    material: text('material'),
    color: text('color'),
    quantity: integer('quantity').notNull(),
    /** Cents. */
    unitPrice: integer('unit_price').notNull(),
    /** Cents: unitPrice × quantity. */
    totalPrice: integer('total_price').notNull(),
    /** Cents: this line's share of the order's discount code discount (0 without one). The line was paid totalPrice − discountCents. */
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId), check('order_items_quantity_positive', sql`${t.quantity} >= 1`)],
);
export type OrderItem = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** 'stripe' | 'paypal' | 'demo' */
    provider: text('provider').notNull(),
    /** PaymentIntent id, PayPal order id or demo id. */
    providerPaymentId: text('provider_payment_id'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /**
     * The card's provider PaymentMethod id (pm_…) for a card entered at checkout; null for a saved
     * card (paymentMethodId) and PayPal. Kept so the card can be saved once the payment succeeds.
     */
    providerPaymentMethodId: text('provider_payment_method_id'),
    /** The customer ticked "Save this card for next time": the card is saved only if this payment succeeds. */
    saveCard: boolean('save_card').notNull().default(false),
    /**
     * How a card-gateway payment is paid: 'card', or a pay-later method that sends the shopper to
     * the provider and back ('afterpay_clearpay' | 'klarna', Stripe's names; lib/payments/pay-later.ts).
     * Such a payment is settled only by the webhook (docs/buying.md "Afterpay and Klarna").
     */
    methodType: text('method_type').notNull().default('card'),
    /** Cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'refunded' (refunded: all of it went back) */
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key'),
    /**
     * Cents of this payment refunded or being refunded (pending and succeeded refunds). Raised in the
     * refund's own transaction; the CHECK keeps it within the amount whatever the concurrency.
     */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** PayPal's capture id (the refund goes to /v2/payments/captures/{id}/refund); null for cards. */
    captureId: text('capture_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_payment_idx').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey),
    index('payments_created_idx').on(t.createdAt),
    check('payments_refunded_within_amount', sql`${t.refundedAmount} >= 0 AND ${t.refundedAmount} <= ${t.amount}`),
  ],
);
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Provider webhook events already handled: each event id is processed once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Stock locations (docs/stock.md) ─────────────────────────────────────────────────────────

/**
 * A place stock is kept: the warehouse or a showroom, with its address and postcode (the allocation
 * ranks locations by it, lib/stock/allocation.ts). `pickupLocationId` set: customers may collect
 * there, through that pickup location's click & collect services. Archived, never erased.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: STOCK_LOCATION_KINDS }).notNull(),
    address: text('address').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    pickupLocationId: integer('pickup_location_id').references(() => pickupLocations.id, { onDelete: 'set null' }),
    /** The location the single stock number of the past moved to, and where stock of new products is counted first. */
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_locations_name_idx').on(t.name),
    uniqueIndex('stock_locations_pickup_idx').on(t.pickupLocationId),
    uniqueIndex('stock_locations_default_idx').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);
export type StockLocation = typeof stockLocations.$inferSelect;
export type NewStockLocation = typeof stockLocations.$inferInsert;

/** The delivery zones a location ships to. */
export const stockLocationZones = pgTable(
  'stock_location_zones',
  {
    locationId: integer('location_id').notNull().references(() => stockLocations.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id').notNull().references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.zoneId] }), index('stock_location_zones_zone_idx').on(t.zoneId)],
);

/**
 * A product's stock at one location: units on the shelf (`onHand`) and units of it held for
 * orders not yet fulfilled (`reserved`); available = onHand − reserved. The trigger
 * `stock_levels_sum` (migration 0038) keeps products.stock equal to Σ available, the spec's `stock`.
 * onHand changes only with a row of stock_ledger (lib/stock/ledger.ts).
 */
export const stockLevels = pgTable(
  'stock_levels',
  {
    locationId: integer('location_id').notNull().references(() => stockLocations.id, { onDelete: 'restrict' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locationId] }),
    index('stock_levels_location_idx').on(t.locationId, t.productId),
    check('stock_levels_reserved_nonnegative', sql`${t.reserved} >= 0`),
    check('stock_levels_reserved_within_on_hand', sql`${t.reserved} <= ${t.onHand}`),
  ],
);
export type StockLevel = typeof stockLevels.$inferSelect;

/**
 * Every change of a location's on-hand units, written in the transaction of the change: + in, − out.
 * Who (the staff member, null for the shop itself), and what it came from: an order, an import
 * (its id), or the other location of a transfer.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull().references(() => stockLocations.id, { onDelete: 'restrict' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason', { enum: STOCK_MOVE_REASONS }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name at the time ("Shop" for the shop's own moves). */
    actorLabel: text('actor_label').notNull().default(''),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    importId: text('import_id'),
    /** A transfer's other location. */
    counterpartLocationId: integer('counterpart_location_id').references(() => stockLocations.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_product_idx').on(t.productId, t.at.desc(), t.id.desc()),
    index('stock_ledger_location_idx').on(t.locationId, t.at.desc()),
    index('stock_ledger_order_idx').on(t.orderId),
    check('stock_ledger_change_nonzero', sql`${t.change} <> 0`),
  ],
);
export type StockLedgerRow = typeof stockLedger.$inferSelect;

/**
 * Units of an order line held at a location until the order is fulfilled (units leave the shelf
 * there, ledger `sold`) or cancelled (the hold is let go). A line may be held at several
 * locations. `fulfilledAt` set: the units left the shelf.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').notNull().references(() => stockLocations.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_reservations_order_idx').on(t.orderId),
    index('stock_reservations_item_idx').on(t.orderItemId),
    check('stock_reservations_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
export type StockReservation = typeof stockReservations.$inferSelect;

// ── Refunds and returns ─────────────────────────────────────────────────────────

/**
 * A refund of (part of) a payment through the gateway that took it (lib/orders/refunds.ts). Its
 * amount counts against payments.refunded_amount from the moment it is written (pending), in the
 * same transaction; the gateway is called after the commit with the key `refund-{id}`, so a retry
 * never refunds twice. Refunds made in Stripe's dashboard arrive by webhook with created_by null.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id').notNull().references(() => payments.id, { onDelete: 'restrict' }),
    /** Cents given back, GST and delivery included. */
    amount: integer('amount').notNull(),
    /** Cents of `amount` that are the delivery fee. */
    deliveryFeeAmount: integer('delivery_fee_amount').notNull().default(0),
    /**
     * Cents deducted from a return's refund for collecting the items (settings
     * return_collection_fee, docs/refunds-and-returns.md); `amount` is already net of it.
     */
    collectionFeeAmount: integer('collection_fee_amount').notNull().default(0),
    reason: text('reason'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** payments.provider of the payment: 'stripe' | 'paypal' | 'demo' | 'demo_paypal'. */
    gateway: text('gateway').notNull(),
    /** Stripe re_…, PayPal refund id or the demo's id, once the gateway answered. */
    gatewayRefundId: text('gateway_refund_id'),
    /** The client's key: the same key is the same refund (a double click refunds once). Null for refunds made at the gateway. */
    idempotencyKey: text('idempotency_key'),
    failureMessage: text('failure_message'),
    /** The administrator who asked; null when it came from the gateway's dashboard. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the refunded lines go back on the shelves when it succeeds. */
    restock: boolean('restock').notNull().default(false),
    /** The return this refund settles, if any. */
    returnId: integer('return_id'),
    /** Gateway calls made so far (the cron route retries pending ones). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('refunds_gateway_refund_idx').on(t.gateway, t.gatewayRefundId),
    uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey),
    check('refunds_amount_positive', sql`${t.amount} > 0 AND ${t.deliveryFeeAmount} >= 0 AND ${t.deliveryFeeAmount} <= ${t.amount}`),
    check('refunds_collection_fee_nonnegative', sql`${t.collectionFeeAmount} >= 0`),
  ],
);
export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** The order lines a refund gives money back for, and how many units of each. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id').notNull().references(() => refunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Cents: the line's unit price × quantity, as refunded. */
    amount: integer('amount').notNull(),
  },
  (t) => [index('refund_lines_refund_idx').on(t.refundId), index('refund_lines_item_idx').on(t.orderItemId), check('refund_lines_quantity_positive', sql`${t.quantity} >= 1`)],
);
export type RefundLine = typeof refundLines.$inferSelect;

/**
 * A customer's request to send back items of a delivered order within the return window
 * (settings return_window_days). Who may move it from which state to which: lib/orders/return-rules.ts.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    /** The customer's reason. */
    reason: text('reason').notNull(),
    /** The administrator's message with the decision (shown to the customer). */
    decisionMessage: text('decision_message'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('returns_order_idx').on(t.orderId), index('returns_status_created_idx').on(t.status, t.createdAt), index('returns_user_idx').on(t.userId)],
);
export type Return = typeof returns.$inferSelect;

/** The lines and units a return sends back. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id').notNull().references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('return_lines_return_idx').on(t.returnId), index('return_lines_item_idx').on(t.orderItemId), check('return_lines_quantity_positive', sql`${t.quantity} >= 1`)],
);
export type ReturnLine = typeof returnLines.$inferSelect;

// ── Tax documents ───────────────────────────────────────────────────────────────────────────

/** A tax invoice (one per paid order) or a credit note (one per refund). */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** One line of a tax document as issued; cents. */
export type TaxDocumentLine = { description: string; sku: string | null; quantity: number; unitPrice: number; total: number };
/** Who issued the document, as the settings said then. */
export type TaxDocumentSeller = { storeName: string; gstNumber: string; supportEmail: string };
/** Who it is for, from the order's snapshots. */
export type TaxDocumentBuyer = { name: string; email: string | null; address: string[] };

/**
 * Tax invoices and credit notes (docs/gst-and-invoices.md). Issued once, never
 * changed: numbers come from document_counters in the transaction that records the payment or
 * refund, so they run without gaps and are never reused.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** Sequential per kind, from 1, without gaps. */
    number: integer('number').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund a credit note is for (null for an invoice). */
    refundId: integer('refund_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    /** Cents, GST included: the invoice's what was charged, the credit note's what was given back. */
    total: integer('total').notNull(),
    /** Cents of GST in total. */
    gst: integer('gst').notNull(),
    gstRatePercent: numeric('gst_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    pricesIncludeGst: boolean('prices_include_gst').notNull(),
    lines: jsonb('lines').$type<TaxDocumentLine[]>().notNull(),
    seller: jsonb('seller').$type<TaxDocumentSeller>().notNull(),
    buyer: jsonb('buyer').$type<TaxDocumentBuyer>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_kind_number_idx').on(t.kind, t.number),
    uniqueIndex('tax_documents_invoice_order_idx').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_refund_idx').on(t.refundId),
    index('tax_documents_order_idx').on(t.orderId),
    check('tax_documents_amounts_nonnegative', sql`${t.total} >= 0 AND ${t.gst} >= 0 AND ${t.gst} <= ${t.total}`),
  ],
);
export type TaxDocument = typeof taxDocuments.$inferSelect;
export type NewTaxDocument = typeof taxDocuments.$inferInsert;

/**
 * The last number issued per document kind. Taking a number updates this row, which locks it
 * until the transaction ends: a rolled-back payment gives its number back, so numbers never skip
 * (a Postgres SEQUENCE would), and two payments never take the same one.
 */
export const documentCounters = pgTable('document_counters', {
  kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

// ── Discount codes ───────────────────────────────────────────────────────────────

/**
 * Discount codes a customer applies at order confirmation (docs/discounts.md).
 * The code is unique regardless of case. Uses are not stored: they are the orders carrying the
 * code that are not cancelled, counted with the code's row locked (lib/discounts/service.ts).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched regardless of case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** percent: basis points (1000 = 10 %, at most 10000); fixed: cents off. */
    value: integer('value').notNull(),
    /** Cents of eligible goods the order must reach (0: none). */
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Orders that may carry it (null: no limit). */
    maxUses: integer('max_uses'),
    /** Orders one customer may place with it (null: no limit). */
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_lower_idx').on(sql`lower(${t.code})`),
    check('discount_codes_value_valid', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 10000)`),
    check('discount_codes_limits_valid', sql`${t.minSpendCents} >= 0 AND (${t.maxUses} IS NULL OR ${t.maxUses} >= 1) AND (${t.maxUsesPerCustomer} IS NULL OR ${t.maxUsesPerCustomer} >= 1)`),
    check('discount_codes_dates_valid', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`),
  ],
);
export type DiscountCode = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;

/** A code limited to categories applies only to goods in them (a room includes its subcategories). No rows: every product. */
export const discountCodeCategories = pgTable(
  'discount_code_categories',
  {
    discountCodeId: integer('discount_code_id').notNull().references(() => discountCodes.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.categoryId] }), index('discount_code_categories_category_idx').on(t.categoryId)],
);

// ── Accounts: password reset ────────────────────────────────────────────────────────────────

/**
 * "Forgot password?" links. Only the SHA-256 of the token is stored; a token works
 * once, for 30 minutes, and a newer request or a password change ends the older ones.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;

/**
 * An account's TOTP second factor (docs/accounts-and-security.md "Two-factor sign-in"). The secret
 * is AES-256-GCM encrypted with a key derived from AUTH_SECRET (lib/accounts/two-factor-crypto.ts).
 * confirmed_at is null while enrolment waits for the first code; last_used_step is the time step of
 * the last code accepted, so no code of that step or an earlier one is accepted again.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});
export type UserTwoFactor = typeof userTwoFactor.$inferSelect;

/** Single-use recovery codes of an account's second factor; only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * The sign-in challenge an account with a second factor gets for a right password: only its
 * SHA-256 is stored; valid 5 minutes, used once, locked after 5 wrong codes (lib/accounts/sign-in-challenge.ts).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_in_challenges_hash_idx').on(t.tokenHash), index('sign_in_challenges_user_idx').on(t.userId)],
);

/**
 * Signed-in devices: one row per session cookie or bearer token, which carries the row's id
 * (lib/auth/sessions.ts). The guard lets a request in only while its row exists and has not
 * expired; signing out, a password change, a role change or the account's removal deletes rows.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `cookie` (the browser, next-auth) or `token` (an API client's bearer token). */
    kind: text('kind', { enum: ['cookie', 'token'] }).notNull(),
    /** The client's address when last seen (lib/server/client-address.ts). */
    address: text('address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** Refreshed at most every few minutes (lib/auth/sessions.ts LAST_SEEN_STEP_MS), not on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), check('user_sessions_kind_check', sql`${t.kind} in ('cookie', 'token')`)],
);
export type UserSession = typeof userSessions.$inferSelect;

/**
 * An account's passkeys (WebAuthn credentials; docs/accounts-and-security.md "Passkeys"): the
 * credential id and COSE public key (base64url) the authenticator gave at registration, its
 * signature counter (uint32, so bigint) and transports, and the name the person chose.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);
export type Passkey = typeof passkeys.$inferSelect;

/**
 * WebAuthn challenges the shop handed out (lib/accounts/passkeys.ts): valid 5 minutes, used once.
 * `purpose` says what the answer may do: 'register' a passkey for user_id, or 'sign-in' — with a
 * sign-in challenge as the second factor of its account, without one as a passkey sign-in.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: ['register', 'sign-in'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    signInChallengeId: integer('sign_in_challenge_id').references(() => signInChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_idx').on(t.challenge), index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

// ── Back office ─────────────────────────────────────────────────────────────────────────────

/** Free key-value settings (spec §3); values are JSON (numbers stay numbers). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<string | number | boolean>().notNull(),
  updatedAt: updatedAt(),
});
export type Setting = typeof settings.$inferSelect;

/** Manual finance entries (income or expense); payments and refunds are read from payments. */
export const financeTransactions = pgTable('finance_transactions', {
  id: serial('id').primaryKey(),
  date: timestamp('date', { withTimezone: true }).notNull(),
  description: text('description').notNull(),
  /** Cents, always positive; type says the direction. */
  amount: integer('amount').notNull(),
  type: text('type', { enum: ['income', 'expense'] }).notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
export type FinanceTransaction = typeof financeTransactions.$inferSelect;

export const payouts = pgTable('payouts', {
  id: serial('id').primaryKey(),
  date: timestamp('date', { withTimezone: true }).notNull(),
  /** Cents. */
  amount: integer('amount').notNull(),
  recipient: text('recipient').notNull(),
  status: text('status', { enum: ['processed', 'pending'] }).notNull().default('pending'),
  createdAt: createdAt(),
});
export type Payout = typeof payouts.$inferSelect;

/** Fixed-window counters for rate limiting (login), shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

// ── Outbox ──────────────────────────────────────────────────────────────────────────────────

/**
 * pending: to be delivered (an e-mail is kept for the admin's outbox when no mail server is
 * configured); sent: delivered (the e-mail sent, the gateway call made); failed: gave up after the
 * last retry; cancelled: never to be delivered, with the reason in last_error (an e-mail to an
 * account that was closed before it went out).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * What an outbox row asks for: an e-mail (lib/mail), or a call to the card gateway that detaches a
 * removed saved card from the shop's customer there (lib/payments/detach-jobs.ts).
 */
export const OUTBOX_KINDS = ['email', 'detach_payment_method'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Everything that leaves the shop — e-mails and calls to a payment gateway — written in the same
 * transaction as the change that causes it and delivered afterwards, so a crash neither loses nor
 * repeats one (docs/architecture.md "Outbox", docs/mail.md).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** One per event (e.g. `order-received:42`): the same event written twice is one message, and its Message-ID derives from it. */
    eventKey: text('event_key').notNull().unique(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull().default('email'),
    /** The template that renders an e-mail (lib/mail/templates); for another kind, the kind. */
    template: text('template').notNull(),
    /** An e-mail's address; for a gateway call, the gateway. */
    recipient: text('recipient').notNull(),
    /** An e-mail's subject; for a gateway call, what it does, as the outbox lists it. */
    subject: text('subject').notNull(),
    /** What the template needs, captured when the change happened; for a gateway call, its arguments. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt),
    // Closing an account cancels the pending e-mails to its address (lib/accounts/privacy-close.ts).
    index('outbox_pending_recipient_idx').on(sql`lower(${t.recipient})`).where(sql`${t.status} = 'pending'`),
  ],
);
export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type NewOutboxMessage = typeof outboxMessages.$inferInsert;

// ── Back-in-stock alerts ────────────────────────────────────────────────────────────────────

/** Why an alert ended: its e-mail was written (the product came back), or its address unsubscribed. */
export const STOCK_ALERT_END_REASONS = ['sent', 'unsubscribed'] as const;
export type StockAlertEndReason = (typeof STOCK_ALERT_END_REASONS)[number];

/**
 * "Email me when it's back" on an out-of-stock product (docs/mail.md "Back-in-stock alerts"). A
 * signed-in customer's alert is confirmed at once; a visitor's once they open the link of the
 * confirmation e-mail. When the product's stock goes from 0 to above 0, the database trigger
 * `products_back_in_stock` (migration 0036) writes one outbox message per confirmed open alert and
 * ends it, in the transaction of the stock change. Lower-cased e-mail; one open alert per product
 * and address.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The signed-in customer who asked; null for a visitor. Their account's address is written to. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address to write to, lower-cased (a visitor's as typed; a customer's account address when asked). */
    email: text('email').notNull(),
    /** Random, URL-safe: the confirmation and unsubscribe links carry it. */
    token: text('token').notNull(),
    /** When the address was confirmed (at once for a signed-in customer); null: no alert is sent. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: STOCK_ALERT_END_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alerts_token_idx').on(t.token),
    uniqueIndex('stock_alerts_open_idx').on(t.productId, t.email).where(sql`${t.endedAt} IS NULL`),
    index('stock_alerts_email_idx').on(t.email),
    index('stock_alerts_user_idx').on(t.userId),
  ],
);
export type StockAlert = typeof stockAlerts.$inferSelect;
export type NewStockAlert = typeof stockAlerts.$inferInsert;

// ── Consent and saved items ─────────────────────────────────────────────────────────────────

export const CONSENT_SOURCES = ['sign-up', 'profile', 'unsubscribe-link'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * Every grant and withdrawal of a customer's consent to marketing e-mail (Unsolicited Electronic
 * Messages Act 2007: the shop must be able to show consent): when, where, and the exact wording the
 * customer saw. users.marketing_consent_at holds the current state.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    granted: boolean('granted').notNull(),
    /** The checkbox's text as shown when it was ticked or unticked (empty for a withdrawal by link). */
    wording: text('wording').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('marketing_consents_user_idx').on(t.userId, t.createdAt)],
);
export type MarketingConsent = typeof marketingConsents.$inferSelect;

/**
 * A customer's saved item (the wishlist, docs/saved-items.md): one row per customer and product,
 * with the price when it was saved and the price the last price-drop e-mail named.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's price when it was saved, cents. */
    priceWhenSaved: integer('price_when_saved').notNull(),
    /** The price the last price-drop e-mail announced, cents; null = none sent yet. */
    lastNotifiedPrice: integer('last_notified_price'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_items_user_product_idx').on(t.userId, t.productId), index('saved_items_product_idx').on(t.productId)],
);
export type SavedItem = typeof savedItems.$inferSelect;

// ── Reviews ─────────────────────────────────────────────────────────────────────────────────

/**
 * A verified buyer's review of one delivered order line: one per line (unique
 * order_item_id), shown once an administrator approves it. Only approved reviews count in the
 * product's rating (products.rating_average / rating_count).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** The name shown with the review, captured when it was written: first name and last initial ("Aroha P."). */
    authorName: text('author_name').notNull(),
    /** 1–5 stars. */
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** Why an administrator rejected it (shown to the customer, never on the product page). */
    rejectionReason: text('rejection_reason'),
    /** The shop's public reply, shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_idx').on(t.orderItemId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;

/** Photos of a review, checked and re-encoded like product images (lib/storage/images.ts). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    storageKey: text('storage_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.sortOrder)],
);
export type ReviewPhoto = typeof reviewPhotos.$inferSelect;

/** A synonym set's kind: every word finds every other (`two_way`), or `input` also finds `terms` (`one_way`). */
export const SYNONYM_KINDS = ['two_way', 'one_way'] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

/**
 * Search synonyms edited on /admin/search (docs/search.md "Synonyms and New Zealand words"). Words
 * and phrases are stored lower case with single spaces. A `two_way` set lists its words in `terms`
 * (two or more) and has no `input`; a `one_way` set has the searched `input` and what it also finds
 * in `terms` (one or more).
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: SYNONYM_KINDS }).notNull(),
    input: text('input'),
    terms: text('terms').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('search_synonyms_shape', sql`(${t.kind} = 'two_way' AND ${t.input} IS NULL AND cardinality(${t.terms}) >= 2) OR (${t.kind} = 'one_way' AND ${t.input} IS NOT NULL AND cardinality(${t.terms}) >= 1)`),
  ],
);
export type SearchSynonym = typeof searchSynonyms.$inferSelect;

/**
 * The words a shopper's search is looked up by, one row each, so that a word belongs to one set
 * only (the primary key; a clash is a 409 naming the set): every word of a two-way set and the input
 * of a one-way set. What a one-way set finds (its terms) may repeat across sets.
 */
export const searchSynonymTerms = pgTable('search_synonym_terms', {
  term: text('term').primaryKey(),
  synonymId: integer('synonym_id').notNull().references(() => searchSynonyms.id, { onDelete: 'cascade' }),
});

// ── Search analytics ────────────────────────────────────────────────────────────────────────

/**
 * What shoppers searched for, one row per day (the shop's New Zealand date) and normalised query
 * (trimmed, lower case, single spaces, Swedish letters folded: lib/catalog/search/analytics.ts).
 * Aggregates only: no user, address or cookie (docs/search.md "What shoppers searched for").
 * `query` is the typed form seen most often that day, `query_count` how often (to keep it so);
 * `last_results` the result count the latest search showed; `zero_result_searches` how many showed
 * none. The reports read a range of days, which the primary key (day first) serves.
 */
export const searchDailyStats = pgTable(
  'search_daily_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    normalised: text('normalised').notNull(),
    query: text('query').notNull(),
    queryCount: integer('query_count').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    zeroResultSearches: integer('zero_result_searches').notNull().default(0),
    lastResults: integer('last_results').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.normalised] }),
    check('search_daily_stats_counts', sql`${t.searches} >= 0 AND ${t.clicks} >= 0 AND ${t.zeroResultSearches} >= 0 AND ${t.zeroResultSearches} <= ${t.searches} AND ${t.lastResults} >= 0`),
  ],
);
export type SearchDailyStat = typeof searchDailyStats.$inferSelect;

/**
 * The catalogue's vocabulary that "did you mean" corrects a search against (lib/catalog/search/did-you-mean.ts,
 * docs/search.md "No dead ends"): the words and short phrases of the visible products — family names,
 * the kind of piece ("3 seat sofa", "bedside table"), the words of the name, colours, materials, style
 * and function — lower case, letters folded to ASCII, single spaces, each with how many visible
 * products it comes from. Written only by the triggers of migration 0025 (search_terms_of() is the
 * rule of what a product contributes), so every catalogue write keeps it current in its own
 * transaction; a term no visible product has any more is deleted. GIN trigram index for the
 * closest-term lookup, without a pending list (see products' GIN indexes).
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`).with({ fastupdate: false })],
);
export type SearchTerm = typeof searchTerms.$inferSelect;
