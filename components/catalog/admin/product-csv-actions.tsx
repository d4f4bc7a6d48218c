'use client';
/**
 * Product Management's CSV buttons (docs/catalogue.md "CSV import and export"). Export CSV
 * downloads the products of the current search (GET /api/products/export). Import CSV opens a
 * dialog: choose a file, Check file runs the dry run (POST /api/products/import?dry_run=1) and
 * lists each row that would change — created or updated with its fields before → after — or has an
 * error with its reason; "Apply N changes" sends the same file again, applied in one transaction.
 * The bar shows the upload; while the server checks or writes, it says so without a percentage.
 */
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { AdminButton, adminButtonClass } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api/client';
import { MAX_IMPORT_BYTES, type ImportRow, type ProductImportReport } from '@/lib/catalog/admin/product-csv-format';

/** GET /api/products/export for the list's search ('' = every product). */
export const productExportHref = (q: string) => `/api/products/export${q ? `?${new URLSearchParams({ q })}` : ''}`;

type Phase = { kind: 'idle' } | { kind: 'sending'; what: 'check' | 'apply'; fraction: number } | { kind: 'checked'; report: ProductImportReport } | { kind: 'applied'; report: ProductImportReport };

const STATUS_LOOK: Record<ImportRow['status'], string> = {
  created: 'bg-emerald-50 text-emerald-800',
  updated: 'bg-accent/10 text-accent',
  unchanged: 'bg-canvas text-muted',
  error: 'bg-danger/10 text-danger',
};

/** `query`: the search in force; `onApplied`: reads the table again after an import. */
export function ProductCsvActions({ query, onApplied }: { query: string; onApplied: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <a href={productExportHref(query)} download className={adminButtonClass('secondary')}>
        Export CSV
      </a>
      <AdminButton onClick={() => setOpen(true)}>Import CSV</AdminButton>
      {open ? <ImportDialog onClose={() => setOpen(false)} onApplied={onApplied} /> : null}
    </>
  );
}

function ImportDialog({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = phase.kind === 'sending';

  async function send(what: 'check' | 'apply') {
    if (!file) return;
    setError(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files.`);
      return;
    }
    setPhase({ kind: 'sending', what, fraction: 0 });
    try {
      // Sent as text/csv whatever type the browser gave the file (Windows says application/vnd.ms-excel).
      const report = await api.catalog.importProducts(new Blob([file], { type: 'text/csv' }), what === 'check', (fraction) => setPhase({ kind: 'sending', what, fraction }));
      setPhase({ kind: what === 'check' ? 'checked' : 'applied', report });
      if (what === 'apply') {
        toast.success(`Imported: ${report.counts.created} created, ${report.counts.updated} updated.`);
        onApplied();
      }
    } catch (e) {
      setPhase({ kind: 'idle' });
      setError(errorMessage(e, 'The file could not be imported. Please try again.'));
    }
  }

  const report = phase.kind === 'checked' || phase.kind === 'applied' ? phase.report : null;
  const changes = report ? report.counts.created + report.counts.updated : 0;
  return (
    <Dialog.Root open onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[min(94vw,56rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-card bg-surface p-5 shadow-xl sm:p-6">
          <Dialog.Title className="font-display text-lg text-ink">Import products from CSV</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">
            Use the columns of Export CSV, or only some of them with <code>sku</code>. Rows are matched by SKU. Check the file first: nothing changes until you apply it.
          </Dialog.Description>

          <div className="mt-4 flex flex-wrap items-center gap-2">
            <label htmlFor="product-csv-file" className="sr-only">
              CSV file
            </label>
            <input
              ref={input}
              id="product-csv-file"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setPhase({ kind: 'idle' });
                setError(null);
              }}
              className="min-w-0 flex-1 text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-canvas file:px-3 file:py-1.5 file:text-sm"
            />
            <AdminButton onClick={() => send('check')} disabled={!file || busy}>
              Check file
            </AdminButton>
          </div>

          {busy ? <Progress what={phase.what} fraction={phase.fraction} /> : null}
          {error ? (
            <p role="alert" className="mt-3 rounded-lg bg-danger/5 px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}

          {report ? <ImportReport report={report} /> : null}

          <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-line pt-4">
            <Dialog.Close asChild>
              <AdminButton disabled={busy}>{phase.kind === 'applied' ? 'Close' : 'Cancel'}</AdminButton>
            </Dialog.Close>
            {phase.kind === 'checked' ? (
              <AdminButton variant="primary" onClick={() => send('apply')} disabled={report!.counts.error > 0 || changes === 0}>
                {changes === 0 ? 'Nothing to apply' : `Apply ${changes} ${changes === 1 ? 'change' : 'changes'}`}
              </AdminButton>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The upload's share sent, then the server's work (no percentage: it answers when done). */
function Progress({ what, fraction }: { what: 'check' | 'apply'; fraction: number }) {
  const uploading = fraction < 1;
  const label = uploading ? `Uploading… ${Math.round(fraction * 100)}%` : what === 'check' ? 'Checking every row…' : 'Applying the changes…';
  return (
    <div className="mt-3" role="status">
      <p className="mb-1 text-xs text-muted">{label}</p>
      <div className="h-2 overflow-hidden rounded-full bg-canvas" aria-hidden>
        <div className={clsx('h-full rounded-full bg-accent transition-[width]', !uploading && 'animate-pulse')} style={{ width: `${Math.max(4, Math.round(fraction * 100))}%` }} />
      </div>
    </div>
  );
}

/** The counts, then each row that changes or has an error (unchanged rows are only counted). */
function ImportReport({ report }: { report: ProductImportReport }) {
  const { counts } = report;
  const shown = report.rows.filter((r) => r.status !== 'unchanged');
  return (
    <div className="mt-4 flex min-h-0 flex-col">
      <p role="status" className="text-sm text-ink">
        {report.applied ? 'Applied: ' : report.dry_run ? 'Checked: ' : 'Nothing changed: '}
        {counts.created} to create, {counts.updated} to update, {counts.unchanged} unchanged, {counts.error} with errors.
        {counts.error > 0 ? ' Correct the rows with errors and check the file again; nothing is applied while any row has one.' : ''}
      </p>
      {shown.length ? (
        <div className="mt-3 min-h-0 overflow-auto rounded-lg border border-line">
          <table aria-label="Rows of the file" className="w-full border-collapse text-left text-sm">
            <thead className="sticky top-0 bg-canvas">
              <tr>
                {['Line', 'SKU', 'Result', 'Changes or errors'].map((h) => (
                  <th key={h} scope="col" className={clsx('border-b border-line px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted', h === 'Line' && 'max-sm:hidden')}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.line} className="align-top">
                  <td className="border-b border-line px-3 py-2 tabular-nums text-muted max-sm:hidden">{r.line}</td>
                  <td className="border-b border-line px-3 py-2 font-mono text-xs">{r.sku || '—'}</td>
                  <td className="border-b border-line px-3 py-2">
                    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_LOOK[r.status])}>{r.status}</span>
                  </td>
                  <td className="min-w-48 border-b border-line px-3 py-2 break-words">
                    {r.status === 'error' ? (
                      <ul className="space-y-0.5 text-danger">
                        {r.errors.map((e) => (
                          <li key={e}>{e}</li>
                        ))}
                      </ul>
                    ) : (
                      <ul className="space-y-0.5">
                        {r.changes.map((c) => (
                          <li key={c.field}>
                            <span className="text-muted">{c.field}:</span> {r.status === 'updated' ? <span className="text-muted line-through">{c.before || '—'}</span> : null}
                            {r.status === 'updated' ? ' → ' : ' '}
                            <span className="text-ink">{c.after || '—'}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
