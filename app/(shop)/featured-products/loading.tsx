import { ListLoading } from '@/components/products/list-page';

export default function Loading() {
  return <ListLoading title="Featured Products" message="Loading featured products..." />;
}
