/**
 * The back office layout (spec §2 Admin area, §6): guarded on the server — visitors go to /login,
 * signed-in customers to / — with the admin sidebar. Every admin route handler enforces the same
 * rule on its own (route({ auth: 'admin' })), so the API is safe even without this page guard.
 */
import type { Metadata } from 'next';
import { AdminSidebar } from '@/components/admin/admin-sidebar';
import { adminNavFor } from '@/components/admin/admin-nav';
import { requirePageAdmin } from '@/lib/auth/current-user';
import { storeName } from '@/lib/storefront/page-metadata';
import { getStoreIdentity } from '@/lib/settings/queries';

export const dynamic = 'force-dynamic';

/** "Orders · Admin · {store name}", never indexed; the rest of the metadata is the root layout's. */
export async function generateMetadata(): Promise<Metadata> {
  const name = await storeName();
  return { title: { default: 'Admin', template: `%s · Admin · ${name}` }, robots: { index: false, follow: false } };
}

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await requirePageAdmin('/admin');
  const { storeName } = await getStoreIdentity();
  return (
    <div className="min-h-screen md:flex">
      <AdminSidebar userName={user.userName} storeName={storeName} items={adminNavFor(user.permissions)} />
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 md:px-6 md:py-8 xl:px-8">
        {children}
      </main>
    </div>
  );
}
