'use client';
/**
 * What the profile's Delivery Addresses and Contacts sections share (spec §2 Profile, §8 Profile):
 * the section with its list, adding an item, editing one (its card becomes the form, filled in),
 * removing one (asked first, Radix AlertDialog) and choosing the default through the API, and the
 * messages they show, worded from the noun ("delivery address", "contact"). At most one item is
 * the default: adding a default or making one default unsets the others. A saved item may carry a
 * note from the server (an address the shop does not deliver to), shown beside the message.
 */
import { useState, type ReactNode } from 'react';
import { FormMessage } from '@/components/auth/field';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { failureText } from '@/lib/api/client';
import { ProfileSection, dangerLinkButton, linkButton, secondaryButton } from './section';

type Message = { kind: 'success' | 'error'; text: string } | null;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The "Default" badge beside a saved item's name. */
export function DefaultBadge({ show }: { show: boolean }) {
  return show ? <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-brand">Default</span> : null;
}

/** The API calls of one list (e.g. api.accounts.addAddress, updateAddress, removeAddress). */
export type SavedListCalls<T, V> = {
  add: (values: V) => Promise<T>;
  /** Makes it the default ({is_default: true}) or saves the edited fields. */
  update: (id: number, body: V | { is_default: boolean }) => Promise<T>;
  remove: (id: number) => Promise<unknown>;
};

/** What the item form is given: save, cancel, whether a new item starts as the default, and the item being edited (absent when adding). */
export type SavedListFormProps<T, V> = { onSubmit: (values: V) => Promise<boolean>; onCancel: () => void; makeDefault: boolean; item?: T };

export type SavedListProps<T, V> = {
  id: string;
  title: string;
  description: string;
  /** The button that opens the form, e.g. "Add address". */
  addLabel: string;
  emptyText: string;
  /** The list's accessible name, e.g. "Saved contacts". */
  listLabel: string;
  cardTestId: string;
  /** How the messages name an item, e.g. "delivery address". */
  noun: string;
  initial: T[];
  idOf: (item: T) => number;
  calls: SavedListCalls<T, V>;
  /** A card's text. */
  details: (item: T) => ReactNode;
  /** A card's Remove: its accessible name and the question the dialog asks. */
  removal: (item: T) => { label: string; title: string; text: string };
  /** A card's Edit button's accessible name, e.g. "Edit contact Tama Wiremu". */
  editLabel: (item: T) => string;
  /** The item form: adding (`makeDefault` when the list is empty) or editing `item`. */
  form: (props: SavedListFormProps<T, V>) => ReactNode;
  /** A note the server returned with a saved item (e.g. "We don't deliver to postcode 0050…"), or null. */
  noteOf?: (saved: T) => string | null;
};

/** A saved list of the signed-in user as a profile section. */
export function SavedList<T extends { is_default: boolean }, V>(p: SavedListProps<T, V>) {
  const [items, setItems] = useState(p.initial);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [note, setNote] = useState<string | null>(null);
  const fail = (e: unknown, action: string) => setMessage({ kind: 'error', text: failureText(e, `Failed to ${action}. Please try again.`) });

  /** Resolves true when saved (the form then resets), false with an error message. */
  const add = async (values: V): Promise<boolean> => {
    setMessage(null);
    setNote(null);
    let created: T;
    try {
      created = await p.calls.add(values);
    } catch (e) {
      fail(e, `add new ${p.noun}`);
      return false;
    }
    setItems((list) => [...list.map((i) => (created.is_default ? { ...i, is_default: false } : i)), created]);
    setAdding(false);
    setMessage({ kind: 'success', text: `New ${p.noun} added successfully!` });
    setNote(p.noteOf?.(created) ?? null);
    return true;
  };

  /** Saves the edited item; resolves true when saved (the card shows it again), false with an error message. */
  const edit = async (id: number, values: V): Promise<boolean> => {
    setMessage(null);
    setNote(null);
    let saved: T;
    try {
      saved = await p.calls.update(id, values);
    } catch (e) {
      fail(e, `update ${p.noun}`);
      return false;
    }
    setItems((list) => list.map((i) => (p.idOf(i) === id ? saved : saved.is_default ? { ...i, is_default: false } : i)));
    setEditingId(null);
    setMessage({ kind: 'success', text: `${capitalise(p.noun)} updated successfully!` });
    setNote(p.noteOf?.(saved) ?? null);
    return true;
  };

  /** Runs `call` on one item with its card busy; `done` updates the list and the message after success. */
  const change = async (id: number, call: () => Promise<unknown>, action: string, done: () => void) => {
    setMessage(null);
    setNote(null);
    setBusyId(id);
    try {
      await call();
    } catch (e) {
      return fail(e, `${action} ${p.noun}`);
    } finally {
      setBusyId(null);
    }
    done();
  };

  const remove = (id: number) =>
    change(id, () => p.calls.remove(id), 'remove', () => {
      setItems((list) => list.filter((i) => p.idOf(i) !== id));
      setMessage({ kind: 'success', text: `${capitalise(p.noun)} removed successfully!` });
    });

  const makeDefault = (id: number) =>
    change(id, () => p.calls.update(id, { is_default: true }), 'update', () => {
      setItems((list) => list.map((i) => ({ ...i, is_default: p.idOf(i) === id })));
      setMessage({ kind: 'success', text: `Default ${p.noun} updated.` });
    });

  return (
    <ProfileSection
      id={p.id}
      title={p.title}
      description={p.description}
      action={
        !adding && (
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setMessage(null);
              setNote(null);
              setEditingId(null);
              setAdding(true);
            }}
          >
            {p.addLabel}
          </button>
        )
      }
    >
      <div className="space-y-4">
        {items.length === 0 && !adding && <p className="text-sm text-muted">{p.emptyText}</p>}
        {items.length > 0 && (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={p.listLabel}>
            {items.map((item) => {
              const id = p.idOf(item);
              const removal = p.removal(item);
              if (editingId === id) {
                return (
                  <li key={id} className="sm:col-span-2">
                    {p.form({ onSubmit: (values) => edit(id, values), onCancel: () => setEditingId(null), makeDefault: item.is_default, item })}
                  </li>
                );
              }
              return (
                <li key={id} data-testid={p.cardTestId} className="flex flex-col justify-between gap-3 rounded-lg border border-line p-4">
                  {p.details(item)}
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    <button
                      type="button"
                      className={linkButton}
                      disabled={busyId === id}
                      aria-label={p.editLabel(item)}
                      onClick={() => {
                        setMessage(null);
                        setNote(null);
                        setAdding(false);
                        setEditingId(id);
                      }}
                    >
                      Edit
                    </button>
                    {!item.is_default && (
                      <button type="button" className={linkButton} disabled={busyId === id} onClick={() => makeDefault(id)}>
                        Set as default
                      </button>
                    )}
                    <ConfirmDialog
                      title={removal.title}
                      description={removal.text}
                      confirmLabel="Remove"
                      onConfirm={() => remove(id)}
                      trigger={
                        <button type="button" className={dangerLinkButton} disabled={busyId === id} aria-label={removal.label}>
                          Remove
                        </button>
                      }
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {adding && p.form({ onSubmit: add, onCancel: () => setAdding(false), makeDefault: items.length === 0 })}
        <FormMessage message={message} />
        {note && (
          <p role="status" data-testid="delivery-note" className="rounded-lg border border-warning/30 bg-[#fbf3e4] px-3 py-2 text-sm text-ink">
            {note}
          </p>
        )}
      </div>
    </ProfileSection>
  );
}
