/** /checkout without an order — the orders list is where a payable order is chosen (spec §2 routes). */
import { redirect } from 'next/navigation';

export const dynamic = 'force-dynamic';

export default function CheckoutIndexPage() {
  redirect('/order');
}
