'use client';
/**
 * Merchant Management (spec §2): Radix Tabs "Brands" and "Suppliers", both the one MerchantTab with
 * a different configuration (merchant-kinds.ts). The lists start from what the server read.
 */
import * as Tabs from '@radix-ui/react-tabs';
import type { BrandJson, SupplierJson } from '@/lib/catalog/contracts';
import { BRANDS, SUPPLIERS } from './merchant-kinds';
import { useMerchantList } from './merchant-list';
import { MerchantTab } from './merchant-tab';

const tabClass =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink';

/** `brands` / `suppliers`: the lists read on the server, null where the read failed. */
export function MerchantManager({ brands, suppliers }: { brands: BrandJson[] | null; suppliers: SupplierJson[] | null }) {
  const brandList = useMerchantList(BRANDS, brands);
  const supplierList = useMerchantList(SUPPLIERS, suppliers);
  return (
    <Tabs.Root defaultValue="brands">
      <Tabs.List aria-label="Merchants" className="mb-6 flex gap-2 border-b border-line">
        <Tabs.Trigger value="brands" className={tabClass}>
          Brands
        </Tabs.Trigger>
        <Tabs.Trigger value="suppliers" className={tabClass}>
          Suppliers
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="brands">
        <MerchantTab kind={BRANDS} list={brandList} />
      </Tabs.Content>
      <Tabs.Content value="suppliers">
        <MerchantTab kind={SUPPLIERS} list={supplierList} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
