/**
 * The embedded database on its own thread, for the served shop (db/client.ts).
 *
 * PGlite runs every statement synchronously in WebAssembly on the thread that owns it. In the
 * server's main thread, one new catalogue search stalled every request behind it, cached pages
 * included, so clients sending new queries made even cached pages slow to answer. Here PGlite lives in a worker thread
 * (db/pglite-worker.mjs) and the main thread only waits for its answers.
 *
 * PGliteThread has the two methods Drizzle's PGlite driver calls, `query` and `transaction`, with
 * PGlite's result shape, so `drizzle-orm/pglite` and its migrator use it as they use PGlite. The
 * statements run one at a time, in order, as on PGlite itself: a transaction holds the database
 * until it ends, and other statements wait for it.
 *
 * Errors come back as Errors with the database's fields (`code`, `constraint`, `detail`, …), which
 * lib/http/route.ts and the services read.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** What PGlite's `query` resolves with (the part Drizzle reads). */
export type QueryResult = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
/** The options Drizzle passes: the row shape, and a parser per type OID (Drizzle's keep the text). */
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
/** The client a transaction's callback gets. */
export type PGliteThreadTransaction = { query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<QueryResult> };

type Reply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** The worker's file; traced into the standalone output as it is named from the project root. */
const WORKER_FILE = path.join(process.cwd(), 'db', 'pglite-worker.mjs');

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #lastId = 0;
  /** Set once the thread has died: every later call fails with it. */
  #dead: Error | undefined;

  /** Starts the thread on `dataDir` (undefined: in memory). The first query waits for it to open. */
  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
    this.#worker.on('message', (reply: Reply) => {
      const call = this.#pending.get(reply.id);
      if (!call) return;
      this.#pending.delete(reply.id);
      if (reply.ok) call.resolve(reply.result);
      else call.reject(Object.assign(new Error(reply.error!.message), reply.error));
    });
    const die = (e: Error) => {
      this.#dead ??= e;
      for (const call of this.#pending.values()) call.reject(this.#dead);
      this.#pending.clear();
    };
    this.#worker.on('error', die);
    this.#worker.on('exit', (code) => die(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  }

  #call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = ++this.#lastId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #query(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.#call({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes, tx });
  }

  /** Runs one statement. Resolves with PGlite's { rows, fields, affectedRows }; rejects with the database's error. */
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#query(undefined, sql, params, options);
  }

  /**
   * Runs `body` in one transaction: committed when it resolves, rolled back when it throws (and
   * the error rethrown). Resolves with what `body` returns.
   */
  async transaction<T>(body: (tx: PGliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let value: T;
    try {
      value = await body({ query: (sql, params, options) => this.#query(tx, sql, params, options) });
    } catch (e) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw e;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return value;
  }

  /** Closes the data directory and stops the thread. */
  async close(): Promise<void> {
    if (!this.#dead) await this.#call({ op: 'close' }).catch(() => undefined);
    await this.#worker.terminate();
  }
}
