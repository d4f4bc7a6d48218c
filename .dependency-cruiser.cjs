/**
 * The direction of dependencies between folders (docs/architecture.md "Layers" and "Domains"),
 * checked by `npm run lint:deps` (part of `npm run lint`, so of `npm test`):
 *
 *   app → components → lib/<domain> → db
 *
 * - components never import app; lib never imports app or components; db imports nothing of lib
 *   but lib/shared (leaves: plain values and pure functions that import nothing of the project);
 * - lib/server is infrastructure (errors, env, CSRF, text input, rate limits, cache): it imports no
 *   domain, only db and the leaves;
 * - the domains under lib/ are in one order, lowest first (DOMAINS below): a domain imports only
 *   domains below it, so no two domains depend on each other. A new folder under lib/ gets a place
 *   in the order before it may import anything of lib/;
 * - no two files import each other, directly or round a loop (no-circular), and no two folders of
 *   lib/ or db/ either (no-folder-cycle).
 *
 * Type-only imports count like any other: a type shared both ways is a cycle of meaning even when
 * the bundle drops it.
 */

/**
 * The domains, lowest first: each may import those before it, never those after it. Why each
 * stands where it does is in docs/architecture.md "Domains".
 */
const DOMAINS = [
  'server', //     infrastructure: errors, env, CSRF, text input, rate limits, cache, contract primitives
  'auth', //       who is asking: sessions, bearer tokens, password hashing, authorize()
  'audit', //      the audit log: recordAudit() in each staff write's transaction, its reads
  'storage', //    image storage and upload checks
  'stock', //      stock locations, levels, the ledger, reservations and their allocation
  'catalog', //    products, categories, merchants, search, cache tags
  'settings', //   the key-value settings, the store currency
  'cart', //       the server-side cart
  'pricing', //    pure arithmetic of an order's money: discount, GST, totals
  'delivery', //   zones, services, pickup, quotes, the shop calendar, bookings
  'finance', //    tax documents, the Finance Center
  'mail', //       the outbox, templates, delivery of e-mail
  'accounts', //   sign-up, sign-in (next-auth options), profile, addresses, users, marketing consent
  'saved', //      saved items (the wishlist), moving them to the cart, price-drop e-mails
  'discounts', //  discount codes
  'reviews', //    reviews and product ratings
  'payments', //   the providers: card gateway, PayPal, saved methods, refunds at the gateway
  'orders', //     placing, paying, editing, expiring, refunding and returning orders; the dashboard
  'storefront', // site shell, page metadata and structured data, page cache
  'http', //       route(): the one wrapper of every app/api handler
  'api', //        the HTTP contract (route table, OpenAPI) and the browser's client
];

const alternatives = (names) => `(${names.join('|')})`;
const LEAVES = '^lib/(shared/|[^/]+\\.tsx?$)';

/** One rule per domain: it may not import any domain above it. */
const domainOrder = DOMAINS.slice(0, -1).map((domain, i) => ({
  name: `domain-order:${domain}`,
  comment: `lib/${domain} may import only the domains below it (docs/architecture.md "Domains"): ${alternatives(DOMAINS.slice(i + 1))} are above it.`,
  severity: 'error',
  from: { path: `^lib/${domain}/` },
  to: { path: `^lib/${alternatives(DOMAINS.slice(i + 1))}/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Two modules that import each other, directly or round a loop, cannot be understood, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment:
        'No two folders of lib/ or db/ depend on each other, round any loop: a backstop to the domain order that also covers sub-folders (lib/mail/templates, lib/server/cache) and folders not yet ranked.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|db)/' },
      to: { circular: true },
    },
    {
      name: 'components-not-to-app',
      comment: 'components are used by app, never the other way round: move what both need into components or lib.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^(app/|proxy\\.ts$|instrumentation\\.ts$)' },
    },
    {
      name: 'lib-not-to-app-or-components',
      comment: 'lib is the service layer under the pages and components: it returns data, never imports a page, a route or a component.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app/|components/|proxy\\.ts$|instrumentation\\.ts$)' },
    },
    {
      name: 'db-not-to-lib',
      comment: 'db (schema, client, migrations, seed, import) is the bottom: it imports only lib/shared, whose modules import nothing of the project.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(lib/|app/|components/|proxy\\.ts$|instrumentation\\.ts$)', pathNot: '^lib/shared/' },
    },
    {
      name: 'leaves-import-nothing',
      comment: 'lib/shared and the files directly in lib/ (lib/money.ts) sit under db and every domain, so they import nothing of the project but each other.',
      severity: 'error',
      from: { path: LEAVES },
      to: { path: '^(lib|db|app|components)/|^(proxy|instrumentation)\\.ts$', pathNot: LEAVES },
    },
    {
      name: 'server-is-infrastructure',
      comment: 'lib/server holds no shop data and knows no domain: it imports only db and the leaves.',
      severity: 'error',
      from: { path: '^lib/server/' },
      to: { path: '^lib/', pathNot: `^lib/server/|${LEAVES}` },
    },
    {
      name: 'domain-listed',
      comment: 'Every folder under lib/ has a place in the domain order (DOMAINS in .dependency-cruiser.cjs) before it imports any of lib/.',
      severity: 'error',
      from: { path: '^lib/[^/]+/', pathNot: `^lib/${alternatives([...DOMAINS, 'shared'])}/` },
      to: { path: '^lib/' },
    },
    ...domainOrder,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.next|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports are dependencies too (see above).
    tsPreCompilationDeps: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
