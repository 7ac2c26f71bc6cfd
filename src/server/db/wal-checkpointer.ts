import fs from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Database as SqliteFile } from 'better-sqlite3'

const require = createRequire(import.meta.url)

/** The worker: its own connection, a PASSIVE checkpoint every `everyMs` until told to close. */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file, { fileMustExist: true })
db.pragma('busy_timeout = 1000')
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)') } catch {} }
checkpoint()
const timer = setInterval(checkpoint, workerData.everyMs)
parentPort.on('message', () => { clearInterval(timer); db.close(); process.exit(0) })
`

/**
 * Moves the embedded database's WAL checkpoints off the event loop (issue 31). SQLite copies the
 * WAL back into the database file after the commit that takes the WAL past 1,000 pages, inside
 * that commit: after an import of 10,000 rows that was about 50 ms of writing and flushing on
 * the thread that answers every request. The app's connection now never checkpoints
 * (`wal_autocheckpoint = 0`); once the WAL file holds `pagesOver` pages (its size is looked at
 * every `everyMs`, asynchronously), a worker thread with its own connection checkpoints every
 * `everyMs` (PASSIVE: readers and the writer carry on; with nothing new to copy it costs next
 * to nothing). A small database (tests, scripts) never starts the worker. If the worker cannot
 * run, the connection checkpoints itself again, as before.
 */
export function walCheckpointer(
  file: SqliteFile,
  { everyMs = 1000, pagesOver = 1000 }: { everyMs?: number; pagesOver?: number } = {},
) {
  const wal = `${file.name}-wal`
  const pageSize = Number(file.pragma('page_size', { simple: true }))
  file.pragma('wal_autocheckpoint = 0')
  let worker: Worker | undefined
  let closed = false

  const fallBack = () => {
    if (closed || !worker) return
    worker = undefined
    file.pragma('wal_autocheckpoint = 1000')
  }

  async function check() {
    let size = 0
    try {
      size = (await fs.promises.stat(wal)).size
    } catch {
      return
    }
    if (closed || worker || size < pagesOver * pageSize) return
    clearInterval(timer)
    worker = new Worker(workerCode, {
      eval: true,
      workerData: { file: file.name, driver: require.resolve('better-sqlite3'), everyMs },
    })
    worker.unref()
    worker.on('error', fallBack)
    worker.on('exit', fallBack)
  }

  const timer = setInterval(() => void check(), everyMs)
  timer.unref()
  return {
    /** whether the worker runs (the WAL has grown past `pagesOver` pages) */
    started: () => worker !== undefined,
    /** Stops checking and ends the worker (its connection closed) before the app's connection closes. */
    async close() {
      closed = true
      clearInterval(timer)
      const w = worker
      worker = undefined
      if (!w) return
      const exited = new Promise((resolve) => w.once('exit', resolve))
      w.postMessage('close')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))])
      await w.terminate()
    },
  }
}
