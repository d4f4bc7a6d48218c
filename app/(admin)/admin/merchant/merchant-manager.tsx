'use client';
/**
 * Merchant Management (spec §2): Radix Tabs "Brands" and "Suppliers". Both tabs are the same
 * generic MerchantTab with a different resource description.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { AdminPageHeader } from '@/components/admin/status';
import { brandSchema } from '@/lib/catalog/brand-schema';
import { supplierSchema } from '@/lib/catalog/supplier-schema';
import { MerchantTab, type MerchantResource } from './merchant-tab';

const BRANDS: MerchantResource = {
  singular: 'brand',
  plural: 'brands',
  endpoint: '/api/brands',
  idKey: 'brand_id',
  detailKey: 'description',
  detailLabel: 'Description',
  schema: brandSchema,
};

const SUPPLIERS: MerchantResource = {
  singular: 'supplier',
  plural: 'suppliers',
  endpoint: '/api/suppliers',
  idKey: 'supplier_id',
  detailKey: 'contact_info',
  detailLabel: 'Contact Info',
  schema: supplierSchema,
};

const tabClass =
  'rounded-t-lg border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink';

export function MerchantManager() {
  return (
    <div>
      <AdminPageHeader title="Merchant Management" description="The brands shown to shoppers and the suppliers you buy from." />
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
          <MerchantTab resource={BRANDS} />
        </Tabs.Content>
        <Tabs.Content value="suppliers">
          <MerchantTab resource={SUPPLIERS} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
