/** /admin/orders → /admin/order: the nested singular admin routes are canonical (docs/architecture.md). */
import { permanentRedirect } from 'next/navigation';

export default function Redirect(): never {
  permanentRedirect('/admin/order');
}
