import { ListLoading } from '@/components/products/list-page';

export default function Loading() {
  return <ListLoading title="Latest Products" message="Loading latest products..." />;
}
