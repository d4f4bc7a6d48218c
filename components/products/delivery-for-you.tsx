'use client';
/**
 * Under the product page's delivery line, for a signed-in customer with a saved address: what this
 * product costs to deliver there — the service the checkout will preselect and its price
 * (GET /api/delivery/estimate, docs/delivery.md "Estimates"). The page itself is cached and the
 * same for everyone, so this is asked from the browser. Visitors and customers without a saved
 * address see only the page's "from" line.
 */
import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { formatMoney } from '@/lib/money';
import type { DeliveryEstimateJson } from '@/lib/delivery/contracts';
import { useViewer } from '@/components/site/viewer';

export function DeliveryForYou({ productId, currency }: { productId: number; currency: string }) {
  const { viewer } = useViewer();
  const [estimate, setEstimate] = useState<DeliveryEstimateJson | null>(null);

  useEffect(() => {
    if (!viewer) return;
    let cancelled = false;
    api.delivery
      .estimate(productId)
      .then((e) => !cancelled && setEstimate(e))
      // The page's general line still stands; nothing to add.
      .catch((e: unknown) => console.warn('[delivery] estimate failed', e));
    return () => {
      cancelled = true;
    };
  }, [viewer, productId]);

  if (!viewer || !estimate || !estimate.postcode) return null;
  if (estimate.kind === 'none') {
    return estimate.problem ? (
      <span className="mt-1 block text-danger" data-testid="product-delivery-for-you">
        {estimate.problem}
      </span>
    ) : null;
  }
  if (estimate.kind !== 'address' || estimate.price === null) return null;
  return (
    <span className="mt-1 block text-ink" data-testid="product-delivery-for-you">
      To your address ({estimate.postcode}, {estimate.zone}): {estimate.service_name} {estimate.price === 0 ? 'free' : formatMoney(estimate.price, currency)}
    </span>
  );
}
