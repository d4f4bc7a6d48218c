'use client';
/**
 * What the profile's Delivery Addresses and Contacts sections share (spec §2 Profile, §8 Profile):
 * the list state with add, remove and make-default through /api/users/{addresses|contacts}, the
 * messages they show (worded from the noun: "delivery address", "contact"), and each card's
 * Set as default / Remove actions (removal asks first, Radix AlertDialog).
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiRequest, failureText } from './profile-api';
import { dangerLinkButton, linkButton } from './section';

type Message = { kind: 'success' | 'error'; text: string } | null;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A saved list of the signed-in user: `endpoint` e.g. '/api/users/addresses', `idOf` the item's id.
 * At most one item is the default: adding a default or making one default unsets the others.
 */
export function useSavedList<T extends { is_default: boolean }>(initial: T[], endpoint: string, noun: string, idOf: (item: T) => number) {
  const [items, setItems] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);

  /** POST endpoint; resolves true when saved (the form then resets), false with an error message. */
  const add = async (values: unknown): Promise<boolean> => {
    setMessage(null);
    const result = await apiRequest<T>('POST', endpoint, values);
    if (!result.ok) {
      setMessage({ kind: 'error', text: failureText(result, `Failed to add new ${noun}. Please try again.`) });
      return false;
    }
    const created = result.data;
    setItems((list) => [...list.map((i) => (created.is_default ? { ...i, is_default: false } : i)), created]);
    setAdding(false);
    setMessage({ kind: 'success', text: `New ${noun} added successfully!` });
    return true;
  };

  const remove = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest('DELETE', `${endpoint}/${id}`);
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, `Failed to remove ${noun}. Please try again.`) });
    setItems((list) => list.filter((i) => idOf(i) !== id));
    setMessage({ kind: 'success', text: `${capitalise(noun)} removed successfully!` });
  };

  const makeDefault = async (id: number) => {
    setMessage(null);
    setBusyId(id);
    const result = await apiRequest<T>('PUT', `${endpoint}/${id}`, { is_default: true });
    setBusyId(null);
    if (!result.ok) return setMessage({ kind: 'error', text: failureText(result, `Failed to update ${noun}. Please try again.`) });
    setItems((list) => list.map((i) => ({ ...i, is_default: idOf(i) === id })));
    setMessage({ kind: 'success', text: `Default ${noun} updated.` });
  };

  const startAdding = () => {
    setMessage(null);
    setAdding(true);
  };

  return { items, adding, setAdding, startAdding, busyId, message, add, remove, makeDefault };
}

/** The "Default" badge beside a saved item's name. */
export function DefaultBadge({ show }: { show: boolean }) {
  return show ? <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">Default</span> : null;
}

/**
 * A card's actions: Set as default (unless it is) and Remove (`removeLabel` is its accessible name),
 * which asks `confirmTitle` / `confirmText` first.
 */
export function SavedItemActions(p: { isDefault: boolean; busy: boolean; onMakeDefault: () => void; onRemove: () => unknown; removeLabel: string; confirmTitle: string; confirmText: string }) {
  return (
    <div className="flex gap-4">
      {!p.isDefault && (
        <button type="button" className={linkButton} disabled={p.busy} onClick={p.onMakeDefault}>
          Set as default
        </button>
      )}
      <ConfirmDialog
        title={p.confirmTitle}
        description={p.confirmText}
        confirmLabel="Remove"
        onConfirm={p.onRemove}
        trigger={
          <button type="button" className={dangerLinkButton} disabled={p.busy} aria-label={p.removeLabel}>
            Remove
          </button>
        }
      />
    </div>
  );
}
