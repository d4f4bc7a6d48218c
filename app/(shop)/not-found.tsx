/** 404 inside the storefront (an unknown product id), with the shop's header and footer. */
import { NotFoundContent } from '@/components/ui/not-found-content';

export default function ShopNotFound() {
  return <NotFoundContent />;
}
