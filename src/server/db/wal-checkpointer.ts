import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Database as SqliteFile } from 'better-sqlite3'

const require = createRequire(import.meta.url)

/**
 * The worker: its own connection, a PASSIVE checkpoint every `everyMs` until told to close; on
 * `{ truncate: id }` a TRUNCATE checkpoint (waits for readers, empties the WAL file), answered
 * with `{ id, busy }` (busy: it could not finish within its busy timeout).
 */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file, { fileMustExist: true })
db.pragma('busy_timeout = 1000')
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)') } catch {} }
checkpoint()
const timer = setInterval(checkpoint, workerData.everyMs)
parentPort.on('message', (m) => {
  if (m && m.truncate !== undefined) {
    let busy = 1
    try {
      db.pragma('busy_timeout = 5000')
      busy = db.pragma('wal_checkpoint(TRUNCATE)')[0].busy
    } catch {}
    db.pragma('busy_timeout = 1000')
    parentPort.postMessage({ id: m.truncate, busy })
    return
  }
  clearInterval(timer); db.close(); process.exit(0)
})
`

/** The WAL size past which the writer waits for a checkpoint that empties it (SQLITE_WAL_MAX_MB). */
export const defaultWalMaxBytes = 256 * 1024 * 1024

/**
 * Moves the embedded database's WAL checkpoints off the event loop. SQLite copies the
 * WAL back into the database file after the commit that takes the WAL past 1,000 pages, inside
 * that commit: after an import of 10,000 rows that was about 50 ms of writing and flushing on
 * the thread that answers every request. The app's connection now never checkpoints
 * (`wal_autocheckpoint = 0`); once the WAL file holds `pagesOver` pages (its size is looked at
 * every `everyMs`, asynchronously), a worker thread with its own connection checkpoints every
 * `everyMs` (PASSIVE: readers and the writer carry on; with nothing new to copy it costs next
 * to nothing). A small database (tests, scripts) never starts the worker. If the worker cannot
 * run, the connection checkpoints itself again, as before.
 *
 * The bound: a PASSIVE checkpoint copies frames but never lets the WAL start over while a
 * writer keeps adding to it, so a writer that never pauses (seed:large, imports in a row) grew
 * it to 18 GB. Past half of `maxWalBytes` the writer itself waits, between two transactions,
 * for a TRUNCATE checkpoint in the worker (yielding-sqlite.ts asks `overLimit()` before each
 * write outside a transaction): the WAL is emptied and starts again from nothing. It stays
 * under `maxWalBytes` as long as no one transaction writes more than half of it.
 */
export function walCheckpointer(
  file: SqliteFile,
  {
    everyMs = 1000,
    pagesOver = 1000,
    maxWalBytes = defaultWalMaxBytes,
  }: { everyMs?: number; pagesOver?: number; maxWalBytes?: number } = {},
) {
  const wal = `${file.name}-wal`
  const pageSize = Number(file.pragma('page_size', { simple: true }))
  file.pragma('wal_autocheckpoint = 0')
  let worker: Worker | undefined
  let closed = false
  let asked = 0
  const waiting = new Map<number, (busy: number) => void>()

  const fallBack = () => {
    if (closed || !worker) return
    worker = undefined
    for (const done of waiting.values()) done(1)
    waiting.clear()
    file.pragma('wal_autocheckpoint = 1000')
  }

  const startWorker = () => {
    clearInterval(timer)
    const w = new Worker(workerCode, {
      eval: true,
      workerData: { file: file.name, driver: require.resolve('better-sqlite3'), everyMs },
    })
    w.unref()
    w.on('error', fallBack)
    w.on('exit', fallBack)
    w.on('message', (m: { id: number; busy: number }) => {
      waiting.get(m.id)?.(m.busy)
      waiting.delete(m.id)
    })
    worker = w
    return w
  }

  async function check() {
    let size = 0
    try {
      size = (await fs.promises.stat(wal)).size
    } catch {
      return
    }
    if (closed || worker || size < pagesOver * pageSize) return
    startWorker()
  }

  const walBytes = () => {
    try {
      return fs.statSync(wal).size
    } catch {
      return 0
    }
  }

  const timer = setInterval(() => void check(), everyMs)
  timer.unref()
  return {
    /** whether the worker runs (the WAL has grown past `pagesOver` pages) */
    started: () => worker !== undefined,
    /** the bound this checkpointer keeps the WAL under (bytes) */
    maxWalBytes,
    /**
     * Whether the WAL file has passed half of `maxWalBytes` (a stat: asked before writes only):
     * the other half is room for the transaction that starts then (5,000 orders with all their
     * records in seed:large wrote up to 131 MB at 500,000 orders, as their index pages spread, so
     * it now commits every 2,500; an import of 10,000 rows about 15 MB).
     */
    overLimit: () => !closed && walBytes() > maxWalBytes / 2,
    /**
     * Empties the WAL: a TRUNCATE checkpoint in the worker (started if need be), the caller
     * waiting without blocking the event loop; on the connection itself if no worker can run.
     * Resolves true when the WAL was emptied, false when a reader kept it (tried again later).
     */
    async truncate(): Promise<boolean> {
      if (closed) return false
      let w = worker
      if (!w) {
        try {
          w = startWorker()
        } catch {
          w = undefined
        }
      }
      if (!w) {
        const [row] = file.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
        return row?.busy === 0
      }
      const id = ++asked
      const busy = await new Promise<number>((resolve) => {
        waiting.set(id, resolve)
        w.postMessage({ truncate: id })
      })
      return busy === 0
    },
    /** Stops checking and ends the worker (its connection closed) before the app's connection closes. */
    async close() {
      closed = true
      clearInterval(timer)
      const w = worker
      worker = undefined
      for (const done of waiting.values()) done(1)
      waiting.clear()
      if (!w) return
      const exited = new Promise((resolve) => w.once('exit', resolve))
      w.postMessage('close')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))])
      await w.terminate()
    },
  }
}

export type WalCheckpointer = ReturnType<typeof walCheckpointer>
