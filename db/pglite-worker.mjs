// The embedded database's own thread (db/pglite-thread.ts starts it): PGlite runs each statement
// synchronously in WebAssembly, so on the server's main thread one slow catalogue query stalls every
// other request, cached pages included. Here it stalls only this thread.
//
// Messages from the main thread, each answered with { id, ok, result } or { id, ok: false, error }:
//   { op: 'query', sql, params, rowMode, rawTypes, tx? } → { rows, fields, affectedRows }
//     rawTypes: the type OIDs whose values stay as PostgreSQL's text (what Drizzle asks of PGlite);
//     tx: run inside that open transaction.
//   { op: 'begin' } → a transaction id; PGlite runs nothing else until it ends.
//   { op: 'end', tx, commit } → null once committed or rolled back.
//   { op: 'close' } → null once the data directory is closed.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });

/** Open transactions by id: PGlite's handle and how to end it. */
const open = new Map();
let lastTx = 0;
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback');

const keepText = (value) => value;

/** Starts a transaction and keeps it open until `end`; resolves with its id once BEGIN ran. */
function begin() {
  const id = ++lastTx;
  return new Promise((began, failed) => {
    const finished = db
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            open.set(id, { tx, commit, rollback, finished });
            began(id);
          }),
      )
      .finally(() => open.delete(id));
    finished.catch((e) => (e === ROLLBACK ? undefined : failed(e)));
  });
}

/** Commits or rolls back transaction `id`; a failed COMMIT rejects with the database's error. */
async function end(id, commit) {
  const t = open.get(id);
  if (!t) return null;
  if (commit) t.commit();
  else t.rollback(ROLLBACK);
  await t.finished.catch((e) => {
    if (e !== ROLLBACK) throw e;
  });
  return null;
}

async function query({ sql, params, rowMode, rawTypes, tx }) {
  const target = tx === undefined ? db : open.get(tx)?.tx;
  if (!target) throw new Error('The transaction has already ended.');
  const parsers = Object.fromEntries(rawTypes.map((oid) => [oid, keepText]));
  const { rows, fields, affectedRows } = await target.query(sql, params, { rowMode, parsers });
  return { rows, fields, affectedRows };
}

/** What survives the trip back: structured cloning keeps an Error's message but not its fields. */
function describe(e) {
  const out = { name: e?.name ?? 'Error', message: String(e?.message ?? e) };
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'position', 'where', 'routine']) {
    if (e?.[key] !== undefined) out[key] = e[key];
  }
  return out;
}

parentPort.on('message', async (m) => {
  try {
    let result = null;
    if (m.op === 'query') result = await query(m);
    else if (m.op === 'begin') result = await begin();
    else if (m.op === 'end') result = await end(m.tx, m.commit);
    else if (m.op === 'close') await db.close();
    parentPort.postMessage({ id: m.id, ok: true, result });
    if (m.op === 'close') parentPort.close();
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, error: describe(e) });
  }
});
