'use client';
/**
 * The Discount codes screen: the list with each code's discount, conditions,
 * dates, uses and state, Edit (the form filled in with the code, PATCH /api/discount-codes/{id}),
 * Switch off / Switch on, Delete for a code no order carried (DELETE, confirmed; docs/discounts.md),
 * and the create form (DiscountCodeForm). After a change the server page is read again
 * (router.refresh).
 */
import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import clsx from 'clsx';
import { toast } from 'sonner';
import { AdminButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { BADGE_TONES } from '@/components/orders/status-badge';
import type { DiscountCodeJson, DiscountState } from '@/lib/discounts/contracts';
import { api, errorMessage } from '@/lib/api/client';
import { formatMoney } from '@/lib/money';
import { DiscountCodeForm, type CategoryChoice } from './discount-code-form';

const STATE: Record<DiscountState, { label: string; tone: string }> = {
  active: { label: 'Active', tone: BADGE_TONES.good },
  scheduled: { label: 'Scheduled', tone: BADGE_TONES.moving },
  expired: { label: 'Expired', tone: BADGE_TONES.quiet },
  off: { label: 'Off', tone: BADGE_TONES.quiet },
  used_up: { label: 'Used up', tone: BADGE_TONES.wait },
};

export function DiscountStateBadge({ state }: { state: DiscountState }) {
  return <span className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium', STATE[state].tone)}>{STATE[state].label}</span>;
}

export function DiscountCodesManager({ codes, categories, currency, timeZone }: { codes: DiscountCodeJson[]; categories: CategoryChoice[]; currency: string; timeZone: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<number | null>(null);
  const [editingId, setEditingId] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const editing = codes.find((c) => c.discount_code_id === editingId);
  const money = (n: number) => formatMoney(n, currency);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso)) : null);

  async function toggle(code: DiscountCodeJson) {
    setBusy(code.discount_code_id);
    try {
      await api.discounts.update(code.discount_code_id, { active: !code.active });
      toast.success(code.active ? `${code.code} is switched off.` : `${code.code} is switched on.`);
      router.refresh();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to save changes. Please try again.'));
    } finally {
      setBusy(null);
    }
  }

  function edit(code: DiscountCodeJson) {
    setEditingId(code.discount_code_id);
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  async function remove(code: DiscountCodeJson) {
    try {
      await api.discounts.remove(code.discount_code_id);
      toast.success(`${code.code} is deleted.`);
      if (editingId === code.discount_code_id) setEditingId(null);
      router.refresh();
    } catch (e) {
      toast.error(errorMessage(e, 'Failed to delete the discount code. Please try again.'));
      throw e;
    }
  }

  return (
    <div className="space-y-6">
      <div ref={formRef} className="scroll-mt-4">
        {editing ? (
          <DiscountCodeForm
            key={editing.discount_code_id}
            categories={categories}
            editing={editing}
            onSaved={() => {
              setEditingId(null);
              router.refresh();
            }}
            onCancel={() => setEditingId(null)}
          />
        ) : (
          <DiscountCodeForm categories={categories} onSaved={() => router.refresh()} />
        )}
      </div>
      <AdminTable label="Discount codes" stacked>
        <thead>
          <tr>
            <Th>Code</Th>
            <Th>Discount</Th>
            <Th>Conditions</Th>
            <Th>Valid</Th>
            <Th className="text-right">Uses</Th>
            <Th>State</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {codes.length === 0 ? (
            <EmptyRow colSpan={7}>No discount codes yet.</EmptyRow>
          ) : (
            codes.map((c) => {
              const from = date(c.starts_at);
              const until = date(c.ends_at);
              return (
                <Tr key={c.discount_code_id} data-testid="discount-code-row">
                  <Td data-label="Code" className="font-mono font-medium text-ink">
                    {c.code}
                  </Td>
                  <Td data-label="Discount">{c.kind === 'percent' ? `${c.value}% off` : `${money(c.value)} off`}</Td>
                  <Td data-label="Conditions" className="max-md:col-span-2 text-muted">
                    {c.min_spend > 0 ? <span className="block">Spend {money(c.min_spend)}</span> : null}
                    <span className="block">{c.categories.length ? c.categories.map((x) => x.name).join(', ') : 'Every product'}</span>
                  </Td>
                  <Td data-label="Valid" className="text-muted">
                    {from || until ? (
                      <>
                        {from ? <span className="block">From {from}</span> : null}
                        {until ? <span className="block">Until {until}</span> : null}
                      </>
                    ) : (
                      'Always'
                    )}
                  </Td>
                  <Td data-label="Uses" className="tabular-nums md:text-right">
                    {c.uses}
                    {c.max_uses !== null ? ` of ${c.max_uses}` : ''}
                    {c.max_uses_per_customer !== null ? <span className="block text-xs text-muted">{c.max_uses_per_customer} per customer</span> : null}
                  </Td>
                  <Td data-label="State">
                    <DiscountStateBadge state={c.state} />
                  </Td>
                  <Td className="text-right max-md:col-span-2 max-md:text-left">
                    <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
                      <AdminButton size="sm" disabled={busy === c.discount_code_id} onClick={() => edit(c)} aria-label={`Edit ${c.code}`}>
                        Edit
                      </AdminButton>
                      <AdminButton size="sm" variant={c.active ? 'danger' : 'secondary'} disabled={busy === c.discount_code_id} onClick={() => void toggle(c)} aria-label={`${c.active ? 'Switch off' : 'Switch on'} ${c.code}`}>
                        {c.active ? 'Switch off' : 'Switch on'}
                      </AdminButton>
                      {c.uses === 0 ? (
                        <ConfirmDialog
                          trigger={
                            <AdminButton size="sm" variant="danger" aria-label={`Delete ${c.code}`}>
                              Delete
                            </AdminButton>
                          }
                          title="Delete discount code"
                          description={`Delete ${c.code}? It has never been used on an order. This cannot be undone.`}
                          confirmLabel="Delete"
                          onConfirm={() => remove(c)}
                        />
                      ) : null}
                    </div>
                  </Td>
                </Tr>
              );
            })
          )}
        </tbody>
      </AdminTable>
    </div>
  );
}
