/** /admin/reports → /admin/finance: the nested singular admin routes are canonical (docs/architecture.md → Admin routes). */
import { permanentRedirect } from 'next/navigation';

export default function Redirect(): never {
  permanentRedirect('/admin/finance');
}
