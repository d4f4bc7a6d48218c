'use client';
/**
 * The Synonyms section of /admin/search (docs/search.md "Editing synonyms"): the add form (kind,
 * the searched word of a one-way set, the words separated by commas), then every set in words
 * ("Two-way: couch, sofa, settee", "One-way: lounge suite → sofa, armchair") with Edit (a dialog
 * with the same fields) and Delete (asks first). The form is checked with the API's own schema
 * (synonymSetSchema) before sending; a refusal — the same 400 messages, or the 409 naming the set
 * that already holds a word — shows at the form. `addTerm` (from `?add=<term>`, the search
 * report's "Add a synonym") pre-fills the first word and focuses the words. Every change goes
 * through /api/search/synonyms and then the server's list is read again (router.refresh()).
 */
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AdminTable, EmptyRow, Td, Th, Tr } from '@/components/admin/admin-table';
import { adminInputClass } from '@/components/admin/field';
import { FormDialog } from '@/components/admin/form-dialog';
import { AdminButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/toast-failure';
import { api, errorMessage } from '@/lib/api/client';
import { SET_MAX, setWords, splitWords, synonymSetSchema, WORD_MAX, type SynonymSetBody } from '@/lib/catalog/search/synonym-schema';
import type { SynonymSet } from '@/lib/catalog/search/synonym-types';
import { FieldAlert } from './merchant-add-form';

type Kind = SynonymSet['kind'];
/** What the fields hold: the words as typed, separated by commas. */
type Draft = { kind: Kind; input: string; words: string };

const KIND_NAMES: Record<Kind, string> = { two_way: 'Two-way', one_way: 'One-way' };
const KIND_HINTS: Record<Kind, string> = {
  two_way: 'Every word finds the others: couch, sofa, settee.',
  one_way: 'A search for one word also finds the others, not the other way round: lounge suite → sofa, armchair.',
};

const draftOf = (set: SynonymSet): Draft => ({ kind: set.kind, input: set.input ?? '', words: set.terms.join(', ') });
const bodyOf = (d: Draft): SynonymSetBody => ({ kind: d.kind, input: d.kind === 'one_way' ? d.input : null, terms: splitWords(d.words) });

/** The draft checked with the API's schema: its first refusal, or null when it may be sent. */
function refusalOf(d: Draft): string | null {
  const parsed = synonymSetSchema.safeParse(bodyOf(d));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the words.');
}

/** Kind, the searched word (one-way) and the words; `wordsRef` lets the caller focus the words. */
function SynonymFields({ draft, onChange, disabled, wordsRef }: { draft: Draft; onChange: (d: Draft) => void; disabled?: boolean; wordsRef?: React.Ref<HTMLInputElement> }) {
  const id = useId();
  const oneWay = draft.kind === 'one_way';
  return (
    <div className="space-y-3">
      <fieldset disabled={disabled}>
        <legend className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">Kind</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(['two_way', 'one_way'] as const).map((kind) => (
            <div key={kind} className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                id={`${id}-${kind}`}
                name={`${id}-kind`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => onChange({ ...draft, kind })}
                aria-describedby={`${id}-${kind}-hint`}
                className="mt-0.5 size-4 accent-brand"
              />
              <span>
                <label htmlFor={`${id}-${kind}`} className="font-medium">
                  {KIND_NAMES[kind]}
                </label>
                <span id={`${id}-${kind}-hint`} className="block text-xs text-muted">
                  {KIND_HINTS[kind]}
                </span>
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <div className={oneWay ? 'grid gap-3 md:grid-cols-[1fr_2fr]' : undefined}>
        {oneWay ? (
          <div>
            <label htmlFor={`${id}-input`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
              Shoppers search for
            </label>
            <input id={`${id}-input`} className={adminInputClass} maxLength={WORD_MAX} disabled={disabled} value={draft.input} onChange={(e) => onChange({ ...draft, input: e.target.value })} />
          </div>
        ) : null}
        <div>
          <label htmlFor={`${id}-words`} className="mb-1 block text-xs font-semibold uppercase tracking-wide text-muted">
            {oneWay ? 'Also finds' : 'Words'}
          </label>
          <input
            id={`${id}-words`}
            ref={wordsRef}
            className={adminInputClass}
            aria-describedby={`${id}-words-hint`}
            disabled={disabled}
            value={draft.words}
            onChange={(e) => onChange({ ...draft, words: e.target.value })}
          />
          <p id={`${id}-words-hint`} className="mt-1 text-xs text-muted">
            Separate words and phrases with commas; at most {SET_MAX} a set.
          </p>
        </div>
      </div>
    </div>
  );
}

/** The add form; `addTerm` pre-fills the first word and focuses the words. */
function AddSynonymForm({ addTerm, onAdded }: { addTerm: string | null; onAdded: () => void }) {
  const empty: Draft = { kind: 'two_way', input: '', words: '' };
  const [draft, setDraft] = useState<Draft>(addTerm ? { ...empty, words: `${addTerm}, ` } : empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wordsRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const words = wordsRef.current;
    if (!addTerm || !words) return;
    words.focus();
    words.setSelectionRange(words.value.length, words.value.length);
  }, [addTerm]);

  async function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const refusal = refusalOf(draft);
    if (refusal) return setError(refusal);
    setBusy(true);
    try {
      const set = await api.catalog.createSynonymSet(bodyOf(draft));
      toast.success(`Synonyms added: ${setWords(set)}.`);
      setDraft({ ...empty, kind: draft.kind });
      setError(null);
      onAdded();
    } catch (err) {
      setError(errorMessage(err, 'Failed to add the synonyms. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={add} noValidate aria-label="Add synonyms" className="space-y-3 rounded-card border border-line bg-surface p-4">
      <SynonymFields
        draft={draft}
        disabled={busy}
        wordsRef={wordsRef}
        onChange={(d) => {
          setDraft(d);
          setError(null);
        }}
      />
      <FieldAlert message={error} />
      <div className="flex justify-end">
        <AdminButton type="submit" variant="primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add synonyms'}
        </AdminButton>
      </div>
    </form>
  );
}

/** The edit dialog of one set: the same fields, the refusal under them. */
function EditSynonymDialog({ set, onClose, onSaved }: { set: SynonymSet; onClose: () => void; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(draftOf(set));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const refusal = refusalOf(draft);
    if (refusal) return setError(refusal);
    setBusy(true);
    try {
      const saved = await api.catalog.updateSynonymSet(set.id, bodyOf(draft));
      toast.success(`Synonyms saved: ${setWords(saved)}.`);
      onSaved();
    } catch (err) {
      setError(errorMessage(err, 'Failed to save the synonyms. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <FormDialog open busy={busy} title="Edit synonyms" description="Searches use the change as soon as it is saved." error={error} action="Save" onClose={onClose} onSubmit={save}>
      <SynonymFields
        draft={draft}
        disabled={busy}
        onChange={(d) => {
          setDraft(d);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}

function SynonymRow({ set, onEdit, onDeleted }: { set: SynonymSet; onEdit: () => void; onDeleted: () => void }) {
  const words = setWords(set);
  async function remove() {
    try {
      const { message } = await api.catalog.deleteSynonymSet(set.id);
      toast.success(message);
    } catch (e) {
      toastFailure('Failed to delete the synonyms.', e);
      throw e;
    }
    onDeleted();
  }
  return (
    <Tr data-testid={`synonym-set-${set.id}`}>
      <Td data-label="Synonyms" className="max-md:col-span-2">
        <span className="font-medium text-ink">{KIND_NAMES[set.kind]}:</span> <span className="break-words text-ink">{words}</span>
      </Td>
      <Td className="max-md:col-span-2 md:w-px">
        <div className="flex flex-wrap gap-2 md:flex-nowrap">
          <AdminButton size="sm" onClick={onEdit} aria-label={`Edit ${words}`}>
            Edit
          </AdminButton>
          <ConfirmDialog
            trigger={
              <AdminButton size="sm" variant="danger" aria-label={`Delete ${words}`}>
                Delete
              </AdminButton>
            }
            title="Delete these synonyms?"
            description={`${KIND_NAMES[set.kind]}: ${words}. Searches will no longer treat these words as the same.`}
            confirmLabel="Delete"
            onConfirm={remove}
          />
        </div>
      </Td>
    </Tr>
  );
}

/** `sets`: every synonym set, read on the server; `addTerm`: the word of `?add=`, or null. */
export function SynonymManager({ sets, addTerm }: { sets: SynonymSet[]; addTerm: string | null }) {
  const router = useRouter();
  const [editing, setEditing] = useState<SynonymSet | null>(null);
  const refresh = () => router.refresh();

  return (
    <div className="space-y-4">
      <AddSynonymForm addTerm={addTerm} onAdded={refresh} />
      <AdminTable label="Synonym sets" stacked>
        <thead>
          <tr>
            <Th>Synonyms</Th>
            <Th>Actions</Th>
          </tr>
        </thead>
        <tbody>
          {sets.length === 0 ? <EmptyRow colSpan={2}>No synonyms yet.</EmptyRow> : null}
          {sets.map((set) => (
            <SynonymRow key={set.id} set={set} onEdit={() => setEditing(set)} onDeleted={refresh} />
          ))}
        </tbody>
      </AdminTable>
      {editing ? (
        <EditSynonymDialog
          key={editing.id}
          set={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
