/**
 * Which links the header and footer show to whom (spec §2 Header, Footer; §6 Roles).
 * Visitors: Login and Sign Up. Customers: Cart and My Orders. Administrators: the four back-office
 * links instead of Cart and My Orders, and Admin Links instead of Customer Service in the footer.
 */

export type NavLink = { href: string; label: string };
export type Viewer = { userName: string; isAdmin: boolean } | null;

export const HOME_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'Products' },
];

/** Role links shown after Home and Products in the header. */
export function roleLinks(viewer: Viewer): NavLink[] {
  if (!viewer) return [];
  if (viewer.isAdmin) {
    return [
      { href: '/admin', label: 'Admin Dashboard' },
      { href: '/admin/orders', label: 'Manage Orders' },
      { href: '/admin/products', label: 'Manage Products' },
      { href: '/admin/users', label: 'Manage Users' },
    ];
  }
  return [
    { href: '/cart', label: 'Cart' },
    { href: '/order', label: 'My Orders' },
  ];
}

/** Links for a signed-out visitor. */
export const GUEST_LINKS: NavLink[] = [
  { href: '/login', label: 'Login' },
  { href: '/signup', label: 'Sign Up' },
];

export const QUICK_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/products', label: 'All products' },
  { href: '/featured-products', label: 'Featured' },
  { href: '/latest-products', label: 'New arrivals' },
  { href: '/promotional-products', label: 'On sale' },
  { href: '/about', label: 'About us' },
];

/** The footer's second column: Customer Service for everyone but administrators. */
export function footerServiceColumn(viewer: Viewer): { title: string; links: NavLink[] } {
  if (viewer?.isAdmin) {
    return {
      title: 'Admin Links',
      links: [
        { href: '/admin', label: 'Dashboard' },
        { href: '/admin/reports', label: 'Reports' },
        { href: '/admin/settings', label: 'Settings' },
      ],
    };
  }
  return {
    title: 'Customer Service',
    links: [
      { href: '/faq', label: 'FAQ' },
      { href: '/shipping', label: 'Shipping' },
      { href: '/returns', label: 'Returns' },
      { href: '/contact', label: 'Contact us' },
    ],
  };
}

/** The shop's policies, linked at the foot of every page and listed in the sitemap. */
export const LEGAL_LINKS: NavLink[] = [
  { href: '/privacy', label: 'Privacy policy' },
  { href: '/terms', label: 'Terms of sale' },
];

/**
 * The shop's address, phone and hours, shown on Contact, in the footer and in FAQ answers. Its name
 * and e-mail address are the store_name and support_email settings (getStoreIdentity).
 */
export const SHOP_CONTACT = {
  street: '214 Great South Road',
  suburb: 'Epsom',
  city: 'Auckland 1051',
  country: 'New Zealand',
  phone: '0800 868 272',
  phoneHref: 'tel:+64800868272',
  hours: [
    { days: 'Monday to Friday', time: '9am – 5:30pm' },
    { days: 'Saturday', time: '10am – 4pm' },
    { days: 'Sunday and public holidays', time: 'Closed' },
  ],
} as const;
